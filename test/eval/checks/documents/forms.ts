// Checks set, forms: forms, invoices and receipts.
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'irs-form-1040-2010-p1.pdf',
    about: 'IRS Form 1040 (2010), page 1: a dense government form with numbered lines and boxes',
    checks: [
      { kind: 'present', text: 'U.S. Individual Income Tax Return' },
      { kind: 'present', text: 'Wages, salaries, tips, etc. Attach Form(s) W-2' },
      { kind: 'present', text: 'Married filing jointly (even if only one had income)' },
      { kind: 'present', text: 'Subtract line 36 from line 22. This is your adjusted gross income' },
      { kind: 'order', before: 'Filing Status', after: 'Exemptions' },
      { kind: 'order', before: 'Wages, salaries, tips', after: 'Educator expenses' },
    ],
  },
  {
    file: 'nist-sd19-handwriting-form-scan.pdf',
    about:
      'scanned report page showing a filled-in handwriting sample form (hand-printed digits, letters, a paragraph)',
    checks: [
      { kind: 'present', text: 'HANDWRITING SAMPLE FORM' },
      { kind: 'present', text: 'Please print the following text in the box below:' },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'Example HSF Image.' },
      // Handwritten only: the city, date and ZIP code the writer filled in.
      { kind: 'present', text: 'Minden City' },
      { kind: 'present', text: '8-3-89' },
      { kind: 'present', text: '48456' },
    ],
  },
  {
    file: 'invoice-aws-2014.pdf',
    about: 'Amazon Web Services invoice (2014): account box, invoice summary, summary and detail tables of charges',
    checks: [
      { kind: 'present', text: 'This invoice is for the billing period July 1 - July 31' },
      { kind: 'present', text: 'TOTAL AMOUNT DUE ON August 3' },
      { kind: 'order', before: 'Invoice Number:', after: '42183017' },
      { kind: 'order', before: 'Account number:', after: '296664039561' },
      { kind: 'table', cell: 'Amazon Glacier', relation: 'left-of', other: '$2.22' },
      { kind: 'table', cell: 'Total for this invoice', relation: 'left-of', other: '$4.11' },
      { kind: 'table', cell: 'AWS Data Transfer', relation: 'above', other: 'Amazon Elastic Compute Cloud' },
      { kind: 'order', before: 'Total for this invoice', after: 'Amazon Simple Storage Service' },
      { kind: 'present', text: 'All charges and prices are in US Dollars' },
      { kind: 'present', text: 'Amazon Web Services, Inc. 410 Terry Ave North' },
    ],
  },
  {
    file: 'invoice-odoo-azure-interior.pdf',
    about: 'Odoo demo invoice (Azure Interior, 2023): addresses, dates row, line items with section rows and subtotals',
    frozen: true,
    checks: [
      { kind: 'present', text: 'Invoice INV/2023/03/0008' },
      { kind: 'order', before: 'Due Date:', after: '04/04/2023' },
      { kind: 'order', before: 'Reference:', after: 'CUSTREF123' },
      { kind: 'table', cell: 'Description', relation: 'above', other: '[FURN_7777] Office Chair' },
      { kind: 'table', cell: '[FURN_7777] Office Chair', relation: 'left-of', other: '1.00 Units' },
      { kind: 'table', cell: 'Unit Price', relation: 'above', other: '42.00' },
      { kind: 'table', cell: 'Amount', relation: 'above', other: '$ 150.00' },
      { kind: 'present', text: 'Tax 15% on $ 112.90' },
      { kind: 'present', text: 'Due to global inflation our payment term has changed to 15 days.' },
      { kind: 'absent', text: 'Page: 1 / 1' },
    ],
  },
  {
    file: 'invoice-netpresse-fr.pdf',
    about:
      'French invoice for a legal notice (Netpresse, 2022): bordered line-item table, totals, payment terms table, legal footer',
    checks: [
      { kind: 'present', text: 'Facture n° 2022089083' },
      { kind: 'present', text: 'Numéro de dossier : 365146 - ALEXINUX' },
      { kind: 'table', cell: 'Désignation', relation: 'above', other: 'Justificatif PDF' },
      { kind: 'table', cell: 'Justificatif Papier', relation: 'left-of', other: '3,50 €' },
      { kind: 'table', cell: 'P.U. HT', relation: 'above', other: '0,75 €' },
      { kind: 'table', cell: 'Chèque', relation: 'left-of', other: 'Le règlement par chèque n’est plus accepté.' },
      { kind: 'order', before: 'Total HT', after: 'Total TTC' },
      {
        kind: 'present',
        text: 'Aucun escompte ne sera accordé pour paiement anticipé, Indemnité forfaitaire de recouvrement : 40€.',
      },
      { kind: 'absent', text: 'Page 1/1' },
    ],
  },
  {
    file: 'invoice-coolblue-nl.pdf',
    about:
      'Dutch retail invoice (Coolblue, 2014): customer and invoice fields, line items, VAT and payment summary, slogan banner',
    frozen: true,
    checks: [
      { kind: 'present', text: 'Factuurnummer: 993548900' },
      { kind: 'present', text: 'Orderdatum: 18 april 2014' },
      { kind: 'present', text: 'KvK Rotterdam 24330087' },
      { kind: 'table', cell: 'Artikel', relation: 'above', other: 'Mario Kart 7 3DS' },
      { kind: 'table', cell: 'Nintendo 3DS XL Wit + Blauw', relation: 'left-of', other: '€ 189,00' },
      { kind: 'table', cell: 'Prijs per stuk', relation: 'above', other: '€ 69,99' },
      { kind: 'order', before: 'Apple iPad Air Wifi 16 GB Zilver', after: 'Nintendo AC-adapter' },
      { kind: 'present', text: 'Exclusief BTW' },
      {
        kind: 'present',
        text: 'Printen? Niet nodig. Je kunt je factuur altijd terugvinden in je mail of in je Mijn Coolblue-account.',
      },
    ],
  },
  {
    file: 'receipt-oyo-hotel.pdf',
    about: 'hotel payment receipt (OYO, Chennai, 2017): guest and stay fields, rate table, bank and company details',
    checks: [
      { kind: 'present', text: 'PAYMENT RECEIPT' },
      { kind: 'present', text: 'Guest Name: Sanjay' },
      { kind: 'order', before: 'Check Out', after: '01/01/2018' },
      { kind: 'order', before: 'Booking ID', after: 'IBZY2087' },
      { kind: 'table', cell: 'Room Charges', relation: 'left-of', other: 'Rs 1939 x 1 Night x 1 Room' },
      { kind: 'table', cell: 'Grand Total', relation: 'above', other: 'Payment received by OYO' },
      { kind: 'present', text: 'Paid through Cash At Hotel (Rs 1939)' },
      {
        kind: 'present',
        text: 'Amount payable is inclusive of Central & State Goods & Services Tax at applicable slab rates.',
      },
      { kind: 'order', before: 'IFSC CODE', after: 'HDFC0000003' },
      { kind: 'order', before: 'GSTIN', after: '06AABCO6063D1ZQ' },
    ],
  },
  {
    file: 'invoice-free-fiber-fr-p1.pdf',
    about:
      'French internet-access bill (Free, 2015), page 1: subscriber fields, amounts table, direct-debit notice box',
    frozen: true,
    checks: [
      { kind: 'present', text: 'Facture n°562044387 du 02 Juillet 2015' },
      { kind: 'present', text: 'Date limite de paiement le 05 Juillet 2015' },
      { kind: 'order', before: 'Numéro de ligne', after: 'FO10479674' },
      { kind: 'table', cell: 'Abonnements, forfaits et options', relation: 'left-of', other: '24.99' },
      { kind: 'table', cell: 'Montant TVA', relation: 'above', other: '5.00' },
      { kind: 'table', cell: 'Communications', relation: 'above', other: 'Services ponctuels ou occasionnels' },
      { kind: 'table', cell: 'Total facture', relation: 'left-of', other: '29.99' },
      { kind: 'present', text: 'La somme à payer sera prélevée sur le compte désigné ci-dessous' },
      {
        kind: 'present',
        text: 'Les montants unitaires étant arrondis, leur somme peut différer du montant total à payer.',
      },
      { kind: 'order', before: 'Avis de prélèvement automatique', after: 'Service Clients' },
    ],
  },
  {
    file: 'invoice-qualityhosting-de.pdf',
    about:
      'German hosting invoice (QualityHosting, 2014), two pages: line items over both, total and payment terms, "Seite n" and a company footer on each page',
    checks: [
      { kind: 'present', text: 'Rechnungsnr. 30064443' },
      { kind: 'present', text: 'Dienst: OUDJQ_schneider' },
      { kind: 'order', before: 'Dienst: OUDJQ_jauernik', after: 'Dienst: OUDJQ_office' },
      { kind: 'table', cell: 'Total EUR', relation: 'left-of', other: '34,73' },
      { kind: 'present', text: 'Zahlungsbedingungen 14 Tage netto' },
      { kind: 'present', text: 'Nach Ablauf dieser Frist gelten die Beträge als genehmigt.' },
      { kind: 'order', before: 'Total EUR', after: 'Für Rückfragen bzgl. dieser Rechnung' },
      { kind: 'absent', text: 'Seite 1' },
      { kind: 'absent', text: 'Seite 2' },
    ],
  },
  {
    file: 'invoice-saeco-nl.pdf',
    about:
      "Dutch invoice copy (Saeco, 2022): header table, line items, VAT table; the issuer's company data only in a picture at the foot",
    frozen: true,
    checks: [
      { kind: 'present', text: 'Kopie factuur' },
      { kind: 'table', cell: 'Klant', relation: 'above', other: 'SCONL0303006280999' },
      { kind: 'table', cell: 'Factuur', relation: 'above', other: 'VF1005193039' },
      { kind: 'table', cell: 'Omschrijving', relation: 'above', other: 'Onderhoudsset CA6707/10' },
      { kind: 'table', cell: 'Grondslag', relation: 'above', other: '41,31' },
      { kind: 'present', text: 'Volgens onze administratie heeft u de factuur vooruitbetaald met Credit Card.' },
      // Only in the picture of the company letterhead: OCR must read it.
      { kind: 'present', text: 'Kvk nummer: 04080176' },
      { kind: 'present', text: 'Tel. Klantenservice: 020 7604101' },
      { kind: 'present', text: 'IBAN: NL58RABO0198723202' },
    ],
  },
  {
    file: 'irs-form-w9-2024-p1.pdf',
    about:
      'IRS Form W-9 (Rev. March 2024), page 1: numbered entry boxes, Part I and II, then two columns of instructions',
    checks: [
      { kind: 'present', text: 'Request for Taxpayer Identification Number and Certification' },
      { kind: 'present', text: 'Give form to the requester. Do not send to the IRS.' },
      { kind: 'present', text: 'Business name/disregarded entity name, if different from above.' },
      { kind: 'present', text: 'I am a U.S. citizen or other U.S. person (defined below); and' },
      {
        kind: 'order',
        before: 'Taxpayer Identification Number (TIN)',
        after: 'Under penalties of perjury, I certify that:',
      },
      { kind: 'order', before: 'Under penalties of perjury', after: 'General Instructions' },
      {
        kind: 'order',
        before: 'appropriate box for the tax classification of its owner. Otherwise, it should check',
        after: 'New line 3b has been added to this form.',
      },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'General Instructions' },
      { kind: 'absent', text: 'Cat. No. 10231X' },
      { kind: 'absent', text: 'Form W-9 (Rev. 3-2024)' },
    ],
  },
  {
    file: 'receipt-cord-coffee-photo.jpg',
    about:
      'phone photo of a crumpled café receipt (dot-matrix print, shop details blurred), on notebook pages with handwriting at the edge',
    checks: [
      { kind: 'present', text: 'ICE BLACKCOFFE' },
      { kind: 'present', text: 'AVOCADO COFFEE' },
      { kind: 'present', text: 'CHIKEN KATSU FF' },
      { kind: 'order', before: 'ICE BLACKCOFFE', after: 'CHIKEN KATSU FF' },
      { kind: 'order', before: 'AVOCADO COFFEE', after: '61,000' },
      { kind: 'present', text: 'SUB_TOTAL 194,000' },
      { kind: 'present', text: 'DISCOUNT 19,400' },
      { kind: 'present', text: '174,600' },
      { kind: 'present', text: 'CHANGE 25,400' },
    ],
  },
];
