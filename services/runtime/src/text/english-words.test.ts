import { describe, expect, it } from 'vitest';
import { englishWordShare, isEnglishWord, latinWordOf, wordlikeShare } from './english-words.js';

describe('english words', () => {
  it('knows inflected words in both spellings and contractions', () => {
    for (const word of ['organisations', 'organizations', 'colour', 'Running', "don't", "author's", 'cover'])
      expect(isEnglishWord(word), word).toBe(true);
    for (const word of ['ofthe', 'bomes', 'busbandry', 'ver', 'organi']) expect(isEnglishWord(word), word).toBe(false);
  });

  it('strips punctuation and leaves numbers and non-Latin text out', () => {
    expect(latinWordOf('(Husbandry),')).toBe('husbandry');
    expect(latinWordOf('1984')).toBeNull();
    expect(latinWordOf('表格')).toBeNull();
    expect(latinWordOf('x2+1')).toBeNull();
  });

  it('measures the share of English words among Latin words of two letters or more', () => {
    expect(englishWordShare('The art of British husbandry , 1850 a'.split(' '))).toEqual({ latinWords: 5, share: 0.8 }); // proper names (British) are not in the list;
    expect(englishWordShare('BRITESB BUSBANDRY of the bomes'.split(' '))).toEqual({ latinWords: 5, share: 0.4 });
    expect(englishWordShare(['42', '表格'])).toEqual({ latinWords: 0, share: 0 });
  });

  it('tells words of any Latin-script language, names included, from letters mapped to the wrong codes', () => {
    const names = 'MENA JUAN MARTÍN MOLLEVI FEDERICO OSCAR PERAZZO PABLO DANIEL EFECTIVO Apellido Nombre';
    expect(wordlikeShare(names.split(' '))).toEqual({ latinWords: 12, share: 1 });
    const german = 'Die Gemeinde hat beschlossen eine neue Schule im Norden der Stadt zu errichten';
    expect(wordlikeShare(german.split(' ')).share).toBeGreaterThan(0.9);
    const english = 'The farm was kept in good order through the long winter and the animals were fed twice';
    for (const shift of [1, 7, 13]) {
      const shifted = english.replace(/[a-z]/gi, (c) =>
        String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + shift) % 26) + 97),
      );
      expect(wordlikeShare(shifted.split(' ')).share, `shift ${shift}`).toBeLessThan(0.5);
    }
  });
});
