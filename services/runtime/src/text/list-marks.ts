/**
 * The glyphs that mark a list's items: round, square and diamond bullets, arrows, check marks
 * (as Word, PowerPoint and their symbol fonts set them). One of them opens a line only as a list
 * item does, and it belongs to no word. Not the middle dot, which Catalan writes inside words
 * ("col·lecció").
 */
export const BULLET_MARKS = '•‣◦▪▫●○■□◆◇❖❑⬥►▶➢➤➔✓✔';

const BULLET_MARK = new RegExp(`^[${BULLET_MARKS}]$`, 'u');

/** Whether a character (or a word) is one list bullet glyph. */
export const isBulletMark = (text: string): boolean => BULLET_MARK.test(text);
