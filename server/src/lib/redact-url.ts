/** Links in mails carry one-time tokens in the path or query; log lines show the route, never the token. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|key|api_key)=)[^&]*/gi, '$1[redacted]')
    .replace(/(\/reset-password\/)[^/?]+/i, '$1[redacted]');
}
