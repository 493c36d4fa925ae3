/** Escapes text for HTML mail bodies. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export interface MailContent {
  subject: string;
  /** Plain paragraphs; each is escaped. */
  paragraphs: string[];
  /** An optional call to action rendered as a red pill button. */
  action?: { label: string; url: string };
  /** Extra links the mail contains (kept for the dev mailbox). */
  links?: string[];
  footer?: string;
}

/** Renders the product's mail look (red header, pill button) with a matching text part. */
export function renderMail(content: MailContent) {
  const {
    subject,
    paragraphs,
    action,
    footer = 'KikStart Sports & Enrichment · 2150 Mission Street, San Francisco, CA',
  } = content;
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '--', footer].join('\n\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f5f5f5;font-family:'Open Sans',Arial,sans-serif;color:#2b2b2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden;box-shadow:0 2px 8px rgba(0,0,0,.08)">
<tr><td style="background:#ED1C24;color:#fff;padding:20px 28px;font-family:Poppins,Arial,sans-serif;font-size:22px;font-weight:700">KikStart</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">
<h1 style="font-family:Poppins,Arial,sans-serif;font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#ED1C24;color:#fff;text-decoration:none;padding:12px 28px;border-radius:50px;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>` : ''}
</td></tr>
<tr><td style="padding:16px 28px;background:#fafafa;color:#6b6b6b;font-size:12px">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  const links = [...(action ? [action.url] : []), ...(content.links ?? [])];
  return { subject, text, html, links };
}
