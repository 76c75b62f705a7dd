// Checks set, handwriting: handwritten letters, notes, forms and annotated prints.
// Sources and licences in ../sources.md. The full transcription of each document's handwritten
// text, one line per written line, is in ../transcripts/<file name without extension>.txt.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'hale-letter-1912-01-21.jpg',
    about:
      'microfilm scan of a cursive letter page (G. E. Hale, 1912) in a wide grey frame, with an archivist note and letterhead',
    checks: [
      { kind: 'present', text: 'Once more I am in the toils of the law!' },
      { kind: 'present', text: 'Orange Grove Ave.' },
      { kind: 'present', text: '25 miles per hour' },
      { kind: 'present', text: 'a motorcycle policeman stopped me' },
      { kind: 'present', text: 'said I was exceeding the limit' },
      { kind: 'order', before: 'Jan. 21, 1912', after: 'My darling' },
    ],
  },
  {
    file: 'hale-letter-1915-04-26.jpg',
    about: 'microfilm scan of a cursive letter page on hotel letterhead (G. E. Hale, 1915)',
    frozen: true,
    checks: [
      { kind: 'present', text: 'The Biltmore' },
      { kind: 'present', text: 'April 26, 1915' },
      { kind: 'present', text: 'I arrived here this evening, after a fine day in Princeton.' },
      { kind: 'present', text: 'I have done nothing but rest' },
      { kind: 'present', text: 'tired after the strenuous work of the last ten days.' },
      { kind: 'present', text: 'Princeton pleased me immensely' },
      { kind: 'order', before: 'I arrived here', after: 'Princeton pleased me' },
    ],
  },
  {
    file: 'hale-letter-1911-08-03.jpg',
    about: 'microfilm scan of a cursive letter page to a daughter (G. E. Hale, 1911)',
    checks: [
      { kind: 'present', text: 'Bethel, Aug. 3, 1911' },
      { kind: 'present', text: 'My dear Margaret' },
      {
        kind: 'present',
        text: 'It seems hardly possible that my dear little girl is soon to have her fifteenth birthday!',
      },
      { kind: 'present', text: 'You are as old as Mother was when I first knew her' },
      { kind: 'present', text: 'listen to bear stories' },
      { kind: 'order', before: 'My dear Margaret', after: 'I love my bigger girl even more' },
    ],
  },
  {
    file: 'poilus-will-servins-1916-p1.jpg',
    about:
      "French soldier's handwritten will (1916), first page, violet ink on lined paper with flourished line fillers",
    frozen: true,
    checks: [
      { kind: 'present', text: 'Ceci est mon testament' },
      { kind: 'present', text: 'Jean, Antoine Marie' },
      { kind: 'present', text: "sain de corps et d'esprit" },
      { kind: 'present', text: 'la Marquise de Servins' },
      { kind: 'present', text: 'tous mes biens meubles et immeubles' },
      { kind: 'order', before: 'Ceci est mon testament', after: 'Je, soussigné' },
    ],
  },
  {
    file: 'poilus-will-codet-1914.jpg',
    about: "French writer's handwritten will (Louis Codet, 1914), one page, bound with a thread, archive stamp",
    checks: [
      { kind: 'present', text: 'Dernières volontés' },
      { kind: 'present', text: 'Je laisse tous les biens dont je puis disposer à ma chère femme' },
      { kind: 'present', text: 'Marguerite Diémer' },
      { kind: 'present', text: 'lieutenant de dragons' },
      { kind: 'present', text: 'Louis Codet' },
      { kind: 'present', text: 'rue de Boulainvilliers' },
      { kind: 'order', before: 'Dernières volontés', after: 'homme de lettres' },
    ],
  },
  {
    file: 'nist-hsf-pilot-form.png',
    about:
      'scanned pilot handwriting sample form (NIST, about 1990): printed prompts, hand-printed digits and letters in boxes',
    frozen: true,
    checks: [
      {
        kind: 'present',
        text: 'PLEASE PRINT THE NUMBERS AND LETTERS BELOW AND RETURN FORM TO BOB HAMMOND, ROOM 3525/3 (763-4276)',
      },
      {
        kind: 'present',
        text: 'This sample of handwriting is being collected for use in testing computer recognition of hand printed numbers and letters.',
      },
      {
        kind: 'present',
        text: 'The National Institute of Standards and Technology (NIST) will include this sample of handwriting in a special data base of electronic images.',
      },
      {
        kind: 'present',
        text: 'In May 1992, all participants will meet to discuss their systems, results and directions for future developmental work.',
      },
      { kind: 'present', text: 'Your voluntary assistance will be appreciated.' },
      {
        kind: 'order',
        before: 'Please print the following characters in the boxes that appear below.',
        after: 'The National Institute of Standards and Technology',
      },
    ],
  },
  {
    file: 'poilus-will-petit-1914-p2.jpg',
    about:
      "French soldier's handwritten will (1914) on stamped paper, with a court clerk's note and signatures in other hands under it",
    checks: [
      { kind: 'present', text: 'Ceci est mon Testament.' },
      { kind: 'present', text: 'pour ma légataire universelle' },
      { kind: 'present', text: 'Rosalie Victorine' },
      { kind: 'present', text: 'Ma volonté absolue' },
      { kind: 'present', text: 'Croissy' },
      { kind: 'order', before: 'Par le présent', after: 'le mariage' },
    ],
  },
  {
    file: 'poilus-will-cogit-p1.jpg',
    about:
      "French soldier's handwritten will (1914), first page in large cursive, clerk's page note and archive stamps",
    frozen: true,
    checks: [
      { kind: 'present', text: "m'arriverait malheur" },
      { kind: 'present', text: 'je prie mes frères' },
      { kind: 'present', text: 'ma famille de donner tout ce qui' },
      { kind: 'present', text: 'Mademoiselle Castel' },
      { kind: 'order', before: "m'arriverait malheur", after: 'Mademoiselle Castel' },
    ],
  },
  {
    file: 'poilus-will-job-p1.jpg',
    about:
      "French soldier's handwritten will (1914 or before) with numbered bequests, annotated by a court's violet stamp and a judge's signature",
    checks: [
      { kind: 'present', text: "J'exprime ici mes dernières volontés" },
      {
        kind: 'present',
        text: "Je laisse à ma mère l'usufruit de la totalité de ma fortune jusqu'à sa mort.",
      },
      { kind: 'present', text: 'Charles Blech' },
      { kind: 'present', text: '21 Avenue Montaigne' },
      { kind: 'present', text: 'Annie Besant' },
      { kind: 'order', before: 'Je laisse à ma mère', after: 'Je lègue la nue-propriété' },
    ],
  },
];
