/**
 * Every HTML document the functions write, in one shape each: a page of its own in the site's
 * look (the form's answers when the site's shell is missing, the staff's action pages), and an
 * e-mail's document (the enquiry e-mail, the digest). Plain HTML with inline styles: pages must
 * work with JavaScript off, and mail clients drop <style> elements and external sheets.
 */

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEntities[character] as string)
}

// The answer's own look in a few rules, scoped to it: the site's system fonts, brand blue
// (#1f47cc, #1a3aa3), greys and reds. Inside the site's shell the header, menu and footer bring
// their own styles; standing alone, the page adds a body and a plain header.
export const answerStyles = `
.answer{max-width:44rem;margin:0 auto;padding:3rem 1.5rem 4rem;line-height:1.6;color:#18181b}
.answer *{box-sizing:border-box}
.answer h1{font-size:2rem;line-height:1.2;margin:0 0 1rem;font-weight:700}
.answer h2{font-size:1.25rem;margin:2rem 0 .75rem;font-weight:700}
.answer p{margin:0 0 1rem;color:#3f3f46}
.answer ul{list-style:none;padding:0;margin:0 0 1.5rem}
.answer li{border:1px solid #fecaca;border-left:4px solid #dc2626;background:#fef2f2;border-radius:.375rem;padding:.75rem 1rem;margin-bottom:.75rem}
.answer li a{display:block;font-weight:700;color:#991b1b;text-decoration:underline}
.answer li span{color:#991b1b}
.answer .actions{display:flex;flex-wrap:wrap;gap:1rem;margin-top:1.5rem}
.answer form{margin-top:1rem;border:1px solid #e4e4e7;border-radius:.75rem;background:#fafafa;padding:1.25rem}
.answer .field{margin-bottom:1rem}
.answer label{display:block;font-weight:600;margin-bottom:.25rem}
.answer input,.answer textarea{display:block;width:100%;font:inherit;font-size:1rem;color:#18181b;background:#fff;border:1px solid #71717a;border-radius:.375rem;padding:.5rem .75rem}
.answer input:focus-visible,.answer textarea:focus-visible{outline:3px solid #2f5bea;outline-offset:1px}
.answer [aria-invalid=true]{border-color:#dc2626}
.answer .error{display:block;color:#991b1b;font-size:.875rem;margin-top:.25rem}
.answer .trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.answer button.button{font:inherit;border:0;cursor:pointer}
.answer .button{display:inline-block;padding:.75rem 1.25rem;border-radius:.375rem;font-weight:600;text-decoration:none;text-align:center}
.answer .solid{background:#1f47cc;color:#fff}
.answer .outline{border:1px solid #1f47cc;color:#1a3aa3}
.answer a:focus-visible,.answer button:focus-visible{outline:3px solid #2f5bea;outline-offset:2px}
@media (max-width:29.99em){.answer .button{display:block;width:100%}}
`

const standaloneStyles = `
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;background:#fff}
body>header{border-bottom:1px solid #e4e4e7;padding:1rem 1.5rem}
body>header a{color:#1a3aa3;font-weight:700;text-decoration:none}
`

/**
 * A page of its own in the site's look: a plain header home, `content` inside the answer's
 * frame, never indexed. `styles` adds rules of the page's own.
 */
export function standalonePage(title: string, content: string, styles = ''): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${standaloneStyles}${answerStyles}${styles}</style>
</head>
<body>
<header><a href="/">Home</a></header>
<main>
${content}
</main>
</body>
</html>
`
}

/** An e-mail's HTML: `subject` as its title, `body` (HTML) in the agency's plain e-mail look. */
export function emailDocument(subject: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a202c">',
    body,
    '</body></html>',
  ].join('')
}
