/**
 * Links in mails carry one-time tokens in the path or query, and some calls carry an activation code
 * in the path: log lines show the route, never the secret.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|key|api_key|code|secret|password|passcode|otp|signature)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/reset-password\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/(?:get-playlist|edit-playlist|ibopro-playlist)\/)[^/?#]+/i, '$1[redacted]');
}
