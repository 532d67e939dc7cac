// The literal text every match of a regular expression must contain, so that a rule whose
// literal is absent from a page can be skipped without running it: most of the Wappalyzer
// rules are `<[^>]{1,250}…` patterns that backtrack at every "<" of a page, and almost none
// of them can match a given site. Conservative by construction: only literal characters at
// the top level of the pattern, each there exactly once, count; an alternation at the top
// level, or anything unusual, gives no literal (the rule then always runs).

const QUANTIFIER = /^(?:[?*+]|\{(\d+)(?:,\d*)?\})/;
// Escapes that stand for their own character; the others (\d, \w, \b, \1, \x41, \n...) do not.
const LITERAL_ESCAPE = /[\\/.^$|?*+()[\]{}\-]/;

/** The longest literal run every match contains, lower-cased (ASCII only, for the 'i' flag); '' if none. */
export function requiredLiteral(source: string): string {
  let best = '';
  let run = '';
  const end = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    let literal: string | undefined;
    if (c === '\\') {
      const next = source[++i];
      if (next === undefined || /[xuck0-9]/.test(next)) return ''; // escapes with more characters after them
      if (LITERAL_ESCAPE.test(next)) literal = next;
    } else if (c === '[') {
      // A class is one character of a set: skip it (in JS, "]" right after "[" closes it).
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
      if (i >= source.length) return '';
    } else if (c === '(') depth++;
    else if (c === ')') {
      if (--depth < 0) return '';
    } else if (c === '|') {
      if (depth === 0) return ''; // either side may match: no literal is certain
    } else if (!'.^$?*+'.includes(c) && !(c === '{' && QUANTIFIER.test(source.slice(i)))) literal = c;

    if (depth > 0 || literal === undefined || literal.charCodeAt(0) > 127) {
      // Inside a group, or not one known character: the run stops here (a quantifier after it
      // applies to what the run does not include).
      const q = depth === 0 ? QUANTIFIER.exec(source.slice(i + 1)) : null;
      if (q) i += q[0].length + (source[i + 1 + q[0].length] === '?' ? 1 : 0);
      end();
      continue;
    }
    const q = QUANTIFIER.exec(source.slice(i + 1));
    if (!q) {
      run += literal.toLowerCase();
      continue;
    }
    // A quantified character: kept (once) only when it must occur; the run cannot go past it.
    const min = q[0] === '?' || q[0] === '*' ? 0 : q[0] === '+' ? 1 : Number(q[1]);
    if (min > 0) run += literal.toLowerCase();
    end();
    i += q[0].length + (source[i + 1 + q[0].length] === '?' ? 1 : 0);
  }
  end();
  return depth === 0 ? best : '';
}
