/**
 * Single sign-on refusals (docs/decisions/0215): the code the server puts in the error redirect to
 * /admin/login (`?error=<code>`), and the plain sentence the login page shows for it. The redirect
 * never carries the e-mail address; an unknown code gets the general sentence.
 */
export const SSO_ERROR_MESSAGES = {
  /** No staff account has this e-mail (better-auth's own code when sign-up is off), or it holds no staff role. */
  signup_disabled: "There is no staff account for this e-mail address. Ask an admin of your team to invite you.",
  NOT_STAFF: "There is no staff account for this e-mail address. Ask an admin of your team to invite you.",
  SSO_DOMAIN_NOT_ALLOWED: "Single sign-on is not offered for this e-mail domain here. Sign in with your password.",
  ACCOUNT_DEACTIVATED: "This account has been deactivated. Ask an admin of your team to reactivate it.",
  /** better-auth's code when the provider did not vouch for the e-mail address (nothing is linked). */
  account_not_linked: "That account's e-mail address is not verified by its provider, so it was not connected to your staff account. Sign in with your password.",
  access_denied: "Sign-in was cancelled.",
} as const;

export const SSO_FAILED_MESSAGE = "Single sign-on did not complete. Try again, or sign in with your password.";

export function ssoErrorMessage(code: string): string {
  return Object.hasOwn(SSO_ERROR_MESSAGES, code) ? SSO_ERROR_MESSAGES[code as keyof typeof SSO_ERROR_MESSAGES] : SSO_FAILED_MESSAGE;
}
