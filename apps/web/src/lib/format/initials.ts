/**
 * Avatar initials (spec §9): first letters of the first and third words, upper-case.
 * Names with fewer words: one word gives its first letter; two words give the first letters
 * of both (there is no third). Blank or missing names give ''.
 */
export function avatarInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0];
  const second = words.length >= 3 ? words[2] : words[1];
  return [first, second]
    .filter((w): w is string => Boolean(w))
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}
