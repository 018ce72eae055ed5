/** SPEC.md's e-mail pattern (user names, sub-account and security-account e-mails, the bootstrap admin). */
export const EMAIL_PATTERN = '^[_A-Za-z0-9-\\+]+(\\.[_A-Za-z0-9-]+)*@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(\\.[A-Za-z]{2,})$';

/**
 * The admin user a first start creates unless LOGWARD_BOOTSTRAP_ADMIN_EMAIL names another (decision 0613): it passes
 * EMAIL_PATTERN, so the README's sub-account and security-account examples work with it, and `.localhost` is a
 * reserved name (RFC 6761) no real mailbox has.
 */
export const DEFAULT_ADMIN_EMAIL = 'admin@logward.localhost';

export function isEmailAddress(text: string): boolean {
  return new RegExp(EMAIL_PATTERN).test(text);
}
