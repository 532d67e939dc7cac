import { describe, expect, it } from 'vitest';
import { CreateUserInput, UpdateUserInput } from '../../src/core/model/user.ts';
import { parseInput } from '../../src/core/model/validate.ts';

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a validation error');
};

describe('parseInput', () => {
  it('names every problem in one sentence', () => {
    expect(message(() => parseInput(CreateUserInput, { username: 'x', password: 7 }))).toBe(
      'Username must be 3-50 characters: letters, digits, dot, dash or underscore; email is required; password must be text',
    );
  });

  it('refuses fields that cannot be set', () => {
    expect(message(() => parseInput(UpdateUserInput, { username: 'new', is_active: 'yes' }))).toBe(
      'is_active must be true or false; username: is not a field that can be set here',
    );
  });

  it('normalises email and trims names', () => {
    const parsed = parseInput(CreateUserInput, { username: ' ann ', email: ' Ann@Example.COM ', password: 'long-enough' });
    expect(parsed).toMatchObject({ username: 'ann', email: 'ann@example.com', role: 'user' });
  });
});
