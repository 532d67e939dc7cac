import { describe, expect, it } from 'vitest';
import { polishVocative, sexOfGivenName } from '../../src/core/given-names.ts';

describe('given names', () => {
  it('say the sex only of common, unambiguous names, a compound by its first part', () => {
    expect(sexOfGivenName('Nada')).toBe('female');
    expect(sexOfGivenName('Marie-Pierre')).toBe('female');
    expect(sexOfGivenName('Jean-Pierre')).toBeUndefined(); // Jean is a man in French, a woman in English
    expect(sexOfGivenName('Lutz')).toBe('male');
    expect(sexOfGivenName('Łukasz')).toBe('male');
    for (const name of ['Andrea', 'Nicola', 'Simone', 'Dominique', 'Kim', 'Sascha', 'Robin', 'Jean', 'Duck']) expect(sexOfGivenName(name), name).toBeUndefined();
  });

  it('give the Polish vocative a greeting needs, by the regular endings, a name a capture wrote without its Polish letters spelled as its bearer does', () => {
    const cases: [string, 'female' | 'male', string | undefined][] = [
      ['Monika', 'female', 'Moniko'],
      ['Maria', 'female', 'Mario'],
      ['Agnès', 'female', undefined],
      ['Marek', 'male', 'Marku'],
      ['Tomasz', 'male', 'Tomaszu'],
      ['Lukasz', 'male', 'Łukaszu'],
      ['Andrzej', 'male', 'Andrzeju'],
      ['Wojciech', 'male', 'Wojciechu'],
      ['Henryk', 'male', 'Henryku'],
      ['Kamil', 'male', 'Kamilu'],
      ['Piotr', 'male', 'Piotrze'],
      ['Ryszard', 'male', 'Ryszardzie'],
      ['Robert', 'male', 'Robercie'],
      ['Szymon', 'male', 'Szymonie'],
      ['Stanisław', 'male', 'Stanisławie'],
      ['Krzysztof', 'male', 'Krzysztofie'],
      ['Jakub', 'male', 'Jakubie'],
      ['Paweł', 'male', 'Pawle'],
      ['Michal', 'male', 'Michale'],
      ['Jerzy', 'male', 'Jerzy'],
      ['Lucas', 'male', undefined],
    ];
    for (const [name, sex, vocative] of cases) expect(polishVocative(name, sex), name).toBe(vocative);
  });
});
