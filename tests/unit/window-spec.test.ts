// The sending windows as typed on the command line, and as shown back.
import { describe, expect, it } from 'vitest';
import { parseDays, parseWindowSpec, windowsByDay } from '../../src/core/scheduling/window-spec.ts';

describe('parseWindowSpec', () => {
  it('expands day ranges and lists, with several time ranges each', () => {
    expect(parseWindowSpec(['mon-wed', '09:00-11:00,14:00-16:00', 'sat', '10:00-12:00'])).toEqual([
      { day: 'Monday', time_range: '09:00-11:00' },
      { day: 'Monday', time_range: '14:00-16:00' },
      { day: 'Tuesday', time_range: '09:00-11:00' },
      { day: 'Tuesday', time_range: '14:00-16:00' },
      { day: 'Wednesday', time_range: '09:00-11:00' },
      { day: 'Wednesday', time_range: '14:00-16:00' },
      { day: 'Saturday', time_range: '10:00-12:00' },
    ]);
    expect(parseDays('weekdays')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(parseDays('fri-mon')).toEqual(['Monday', 'Friday', 'Saturday', 'Sunday']);
    expect(parseDays('Tuesday,thu')).toEqual(['Tuesday', 'Thursday']);
    expect(parseWindowSpec(['daily', '9:00-10:00'])).toHaveLength(7);
  });

  it('names the bad part', () => {
    expect(() => parseWindowSpec(['funday', '09:00-10:00'])).toThrow('"funday" is not a day');
    expect(() => parseWindowSpec(['mon', '09:00-25:00'])).toThrow("time_range '09:00-25:00' must look like '09:00-11:00'");
    expect(() => parseWindowSpec(['mon', '09:00-10:00,11:00-10:00'])).toThrow("time_range '11:00-10:00' must end after it starts");
    expect(() => parseWindowSpec(['mon', '09:15-09:45'])).toThrow("time_range '09:15-09:45' must contain the start of an hour");
    expect(() => parseWindowSpec(['mon-fri'])).toThrow('Expected pairs of days and time ranges');
    expect(() => parseWindowSpec([])).toThrow('got nothing');
  });
});

describe('windowsByDay', () => {
  it('groups the ranges by day in week order', () => {
    expect(windowsByDay([{ day: 'Friday', time_range: '14:00-16:00' }, { day: 'Monday', time_range: '09:00-10:00' }, { day: 'Friday', time_range: '09:00-10:00' }])).toEqual([
      ['Monday', ['09:00-10:00']],
      ['Friday', ['09:00-10:00', '14:00-16:00']],
    ]);
  });
});
