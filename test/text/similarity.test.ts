// The one similarity module: cosine of embeddings (chunking, merge candidates) and label similarity.
import { describe, expect, it } from 'vitest';
import {
  bigramList,
  characterBigrams,
  cosineDistance,
  cosineSimilarity,
  diceSimilarity,
  dot,
  jaroWinkler,
  unitVector,
} from '../../electron/core/text/similarity';

describe('similarity', () => {
  it('cosine: same direction 1, opposite -1, orthogonal 0, a zero vector counts as unrelated', () => {
    expect(cosineSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 0], [-3, 0])).toBeCloseTo(-1, 12);
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
    expect(cosineSimilarity(new Float32Array([0, 0]), [1, 1])).toBe(0);
    expect(cosineDistance([0, 0], [1, 1])).toBe(1);
    expect(cosineDistance([1, 1], [1, 1])).toBeCloseTo(0, 12);
  });

  it('bigrams are padded at both ends and counted', () => {
    expect([...characterBigrams('aa')]).toEqual([
      [' a', 1],
      ['aa', 1],
      ['a ', 1],
    ]);
    expect(characterBigrams('aaa').get('aa')).toBe(2);
  });

  it('Dice and Jaro–Winkler rank near spellings above far ones', () => {
    expect(diceSimilarity('access point', 'access point')).toBe(1);
    expect(diceSimilarity('access point', 'access points')).toBeGreaterThan(diceSimilarity('access point', 'authenticator'));
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 2);
    expect(jaroWinkler('', 'x')).toBe(0);
  });

  it('unit vectors compared by their dot product give the cosine; bigram lists keep order and repeats', () => {
    const a = [3, 4, 0];
    const b = [1, 2, 2];
    expect(dot(unitVector(a), unitVector(b))).toBeCloseTo(cosineSimilarity(a, b), 6);
    expect(Array.from(unitVector([0, 0]))).toEqual([0, 0]);
    expect(bigramList('aaa')).toEqual(['_a', 'aa', 'aa', 'a_']);
  });
});
