/**
 * An e-mail address under a name in a list. It stays whole on one line, its column giving way to the
 * row's second line when short of room; on a phone, in the row's name (which cannot give way, and is
 * all the room there is beside the row's buttons), it may break after its "@", never inside its name
 * or its domain (styles.css, `.gd-email`: the break is a zero-width space drawn there by the style
 * alone, so that nowhere else, nor in the copied text, is there one). `wraps`: a value in a box of
 * its own (a detail, a change's before and after) breaks after its "@" at any width, then anywhere
 * its box still needs.
 */
export function EmailAddress({ email, wraps = false }: { email: string; wraps?: boolean }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <span className={wraps ? 'gd-email gd-email-wraps' : 'gd-email'}>
      <span>{email.slice(0, at + 1)}</span>
      <span>{email.slice(at + 1)}</span>
    </span>
  );
}
