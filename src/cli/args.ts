// Command-line arguments shared by several commands, checked with the same rules as the API.
import { wholeNumber } from '../core/model/validate.ts';
import { parseInput } from '../core/model/validate.ts';

const Id = wholeNumber('id');

export const parseId = (raw: string): number => parseInput(Id, raw);
export const parseIds = (raws: string[]): number[] => raws.map(parseId);
