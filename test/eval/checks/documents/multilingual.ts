// Checks set, multilingual: pages in scripts other than Latin (CJK including vertical, Arabic and Hebrew right to left, Cyrillic, Greek, Devanagari).
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'hebrew-type-catalogue-scan.jpg',
    about: 'grey scan of a Hebrew type-catalogue introduction: right-to-left paragraphs with numbers and hyphen joins',
    checks: [
      { kind: 'present', text: 'שני ציוני דרך חשובים השפיעו על התפתחות האות העברית המודרנית.' },
      { kind: 'present', text: 'מכאן תלות הכתב המרובע בסגנון הכתב הלטיני.' },
      { kind: 'present', text: 'קטלוג זה הוא בבחינת פעולת הצלה.' },
      { kind: 'present', text: 'כולן עוצבו במאה השנים האחרונות' },
      { kind: 'present', text: 'אוגדן זה נועד לשמש כלי עזר למעצב' },
      { kind: 'order', before: 'שני ציוני דרך חשובים', after: 'קטלוג זה הוא בבחינת פעולת הצלה.' },
      { kind: 'order', before: 'קטלוג זה הוא בבחינת פעולת הצלה.', after: 'אוגדן זה נועד לשמש כלי עזר למעצב' },
    ],
  },
  {
    file: 'arabic-writers-conference-scan.png',
    about: 'bilevel scan of an Arabic speech in two right-to-left columns (right column first), unvocalized',
    frozen: true,
    checks: [
      { kind: 'present', text: 'ننتمي الى تراث أدبي وثقافي عريق واحد' },
      { kind: 'present', text: 'تحية للجزائر كتابا وحزبا وحكومة وشعبا على استضافة هذا المؤتمر' },
      { kind: 'present', text: 'تحية اكبار للشهداء الذين سقطوا دفاعا عن الوطن والحرية' },
      { kind: 'present', text: 'النصر لفلسطين قضية العرب الأولى' },
      { kind: 'present', text: 'والسلام عليكم ورحمة الله وبركاته' },
      { kind: 'order', before: 'فكلما تغيرت وزارة أو تغير وزير', after: 'تحية للجزائر كتابا' },
      { kind: 'order', before: 'ولقد حافظ اتحادنا على هذا النهج', after: 'لا يضر بالأدب والثقافة ورجالها فقط' },
    ],
  },
  {
    file: 'zhuangzi-vertical-fandol-p2.pdf',
    about:
      'born-digital page of vertical Chinese (columns top to bottom, right to left): one Zhuangzi passage in six Fandol fonts',
    checks: [
      { kind: 'present', text: '吾生也有涯，而知也无涯。' },
      { kind: 'present', text: '以有涯随无涯，殆已！已而为知者，殆而已矣！' },
      // The first column ends after "为"; the sentence goes on at the top of the next column.
      { kind: 'present', text: '为善无近名，为恶无近刑，缘督以为经' },
      { kind: 'present', text: '可以保身，可以全生，可以养亲，可以尽年。' },
      { kind: 'order', before: '吾生也有涯', after: '缘督以为经' },
    ],
  },
  {
    file: 'greektonoi-greek-p2.pdf',
    about: 'born-digital page in modern Greek (monotonic): paragraphs, a numbered section heading, code lines',
    frozen: true,
    checks: [
      {
        kind: 'present',
        text: 'Πολλοί εκδοτικοί οίκοι, η Ορθόδοξη Εκκλησία της Ελλάδος, συγγραφείς, φιλόλογοι και άλλοι ιδιώτες συνεχίζουν να γράφουν πολυτονικά.',
      },
      { kind: 'present', text: 'Γενικά η πληκτρολόγηση των πολυτονικών ελληνικών παραμένει ένα δύσκολο πρόβλημα.' },
      {
        kind: 'present',
        text: 'στον πρόλογο του αρχείου μας μπορούμε να αρχίσουμε να γράφουμε κατ’ ευθείαν πολυτονικό κείμενο.',
      },
      {
        kind: 'present',
        text: 'Το βασικό πρόβλημα με τις παραπάνω μεθοδολογίες είναι ότι η έξοδος δεν είναι unicode',
      },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Λεπτομέρειες σχεδιασμού' },
      {
        kind: 'order',
        before: 'μετατροπή των μονοτικών κειμένων σε πολυτονικά.',
        after: 'Λεπτομέρειες σχεδιασμού',
      },
      { kind: 'order', before: 'Λεπτομέρειες σχεδιασμού', after: 'Η εισαγωγή των τόνων(accents)' },
    ],
  },
  {
    file: 'lshort-korean-basics-p15.pdf',
    about: 'born-digital page of a Korean LaTeX guide: running head, bullets, a numbered subsection, a footnote',
    checks: [
      { kind: 'absent', text: '기초' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: '장점과 단점' },
      { kind: 'present', text: '그러나 책이란 읽혀질 것이지 회랑에 내걸려 있을 것이 아니므로' },
      { kind: 'present', text: '전문가 수준의 레이아웃으로 문서가 마치 실제 출판물처럼 보이게 한다.' },
      { kind: 'present', text: '수학식의 조판과 편리한 입력이 가능하다.' },
      { kind: 'present', text: '각주, 교차참조, 목차, 문헌목록과 같은 복잡한 구조도 쉽게 생성할 수 있다.' },
      { kind: 'present', text: '소문에 의하면 이 점이 앞으로 나올' },
      { kind: 'order', before: '가장 적절한 레이아웃을', after: '장점과 단점' },
      { kind: 'order', before: '장점은 다음과 같다.', after: '전문가 수준의 레이아웃으로' },
    ],
  },
  {
    file: 'lshort-japanese-ch1-p15.pdf',
    about: 'born-digital first page of a chapter of a Japanese LaTeX guide: chapter title, numbered sections, prose',
    frozen: true,
    checks: [
      { kind: 'present', text: 'この章の最初の節では' },
      // A word broken across a line end: no space belongs between its halves.
      { kind: 'present', text: '簡単に説明します' },
      { kind: 'present', text: 'テキストと数式の組版を目指したものです' },
      { kind: 'present', text: '論文における印刷品質の低下・悪化傾向を改め' },
      { kind: 'present', text: '実際にほとんどバグがないことで有名なソフトウェアです' },
      { kind: 'present', text: '旧バージョンと区別するために' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'はじめに' },
      { kind: 'order', before: 'はじめの一歩', after: 'テキストと数式の組版' },
      { kind: 'order', before: 'テキストと数式の組版', after: '旧バージョンと区別するために' },
    ],
  },
  {
    file: 'arabluatex-al-jahiz-p1.pdf',
    about:
      'born-digital page of fully vocalized classical Arabic (al-Jahiz), numbered lines, English header lines; the text layer has no word spaces',
    checks: [
      { kind: 'present', text: 'This file is public domain.' },
      { kind: 'present', text: 'Full vocalization, the sukūn and the waṣlah are expressed' },
      { kind: 'present', text: 'دَجَاجَةُ أَبِي ٱلْهُذَيْلِ ٱلْعَلَّافِ' },
      { kind: 'present', text: 'كَانَ أَبُو ٱلْهُذَيْلِ أَهْدَى إِلَى مُوَيْسٍ دَجَاجَةً' },
      { kind: 'present', text: 'اَلْجَاحِظُ، كِتَابُ ٱلْبُخَلَاءِ' },
      { kind: 'order', before: 'دَجَاجَةُ أَبِي ٱلْهُذَيْلِ ٱلْعَلَّافِ', after: 'كَانَ أَبُو ٱلْهُذَيْلِ أَهْدَى' },
      {
        kind: 'order',
        before: 'كَانَ أَبُو ٱلْهُذَيْلِ أَهْدَى',
        after: 'وَكَانَ أَبُو ٱلْهُذَيْلِ أَسْلَمَ ٱلنَّاسِ صَدْرًا',
      },
    ],
  },
  {
    file: 'lshort-bulgarian-p2.pdf',
    about: 'born-digital page of a Bulgarian LaTeX guide (Cyrillic): running head, two levels of headings, a footnote',
    frozen: true,
    checks: [
      { kind: 'absent', text: 'Това трябва да се знае' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Основи' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Автор, дизайнер и технически изпълнител' },
      { kind: 'present', text: 'За да публикуват, авторите дават своите ръкописи в издателството.' },
      { kind: 'present', text: 'Тази информация се записва в текста във вид на' },
      {
        kind: 'present',
        text: 'В процеса на работа те могат да видят на екрана как ще изглежда документа след отпечатване.',
      },
      { kind: 'present', text: 'Типографският дизайн е професия.' },
      { kind: 'present', text: 'What you see is what you get.' },
      { kind: 'order', before: 'Автор, дизайнер и технически изпълнител', after: 'За да публикуват' },
      {
        kind: 'order',
        before: 'корекции преди изпращане на документа към принтера.',
        after: 'Типографският дизайн е професия.',
      },
    ],
  },
  {
    file: 'latex-mr-marathi-p5.pdf',
    about:
      'born-digital page of a Marathi LaTeX guide (Devanagari) whose text layer is garbled: headings, prose, a two-column table with caption',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'मूलआज्ञासंच आणि लाटेक् चालवणे' },
      { kind: 'present', text: 'मूलआज्ञासंचामध्ये केवळ आणि केवळ आज्ञा असतात' },
      { kind: 'present', text: 'दस्तऐवजाच्या स्वरूपाकरिता संकेतशब्द' },
      { kind: 'table', cell: 'कशासाठी', relation: 'left-of', other: 'काय लिहावे' },
      { kind: 'table', cell: 'लेख', relation: 'left-of', other: 'article' },
      { kind: 'table', cell: 'पुस्तक', relation: 'left-of', other: 'book' },
      { kind: 'table', cell: 'पत्र', relation: 'left-of', other: 'letter' },
      { kind: 'order', before: 'मूलआज्ञासंच आणि लाटेक् चालवणे', after: 'दस्तऐवजाच्या स्वरूपाकरिता संकेतशब्द' },
    ],
  },
];
