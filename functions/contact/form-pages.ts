import {
  type ContactField,
  contactApi,
  contactFieldInputs,
  contactFieldLabels,
  contactFields,
  MESSAGE_MIN_LENGTH,
  maxLengths,
} from '#shared/contact-fields.ts'
import type { AnswerShell } from './answer-shell.ts'
import type { ContactResult } from './responses.ts'

/**
 * What the form without JavaScript gets back when its post is not accepted: an HTML page a
 * person reads, never JSON (docs/decisions/0009-no-javascript-form-answers.md). The page names
 * each field that failed with its message and carries the form again, filled in with what was
 * posted, so the way back to a form that holds what the visitor typed needs neither a script
 * nor the browser's memory of the page. Plain HTML with its styles inline (it must work with
 * JavaScript off), inside the site's own prerendered page when the function has it
 * (answer-shell.ts), so the answer has the site's header, menu and footer.
 */

export const formPageCopy = {
  invalid: {
    heading: 'Please check your details',
    intro:
      "We couldn't send your message because some details were missing or not in the right form. Nothing has been sent or stored yet.",
    listHeading: 'What to fix',
  },
  refused: {
    heading: 'Your message has not been sent',
    /** Not said after an error of ours (500): the enquiry may have been stored before it. */
    nothingStored: 'Nothing has been stored, so please send it again.',
  },
  back: 'Your message is below, as you typed it: correct anything marked and send it again.',
  otherWays: 'If it still will not send, e-mail or call us: our details are on the contact page.',
  formHeading: 'Your message',
  send: 'Send Message',
  honeypotLabel: 'Leave this field empty',
  contactLink: 'Our e-mail and phone',
} as const

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? '',
  )

// The answer's own look in a few rules, scoped to it: the site's system fonts, brand blue
// (#1f47cc, #1a3aa3), greys and reds. Inside the site's shell the header, menu and footer bring
// their own styles; standing alone, the page adds a body and a plain header.
const answerStyles = `
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

/** A page of its own in the site's look (the digest links' pages use it too). */
export const standalonePageStyles = `${standaloneStyles}${answerStyles}`

/** The answer inside the site's own page when the shell is there; a page of its own if not. */
function answerDocument(title: string, content: string, shell: AnswerShell | undefined): string {
  const answer = `<div class="answer">
${content}
<div class="actions">
<a class="button outline" href="/contact">${formPageCopy.contactLink}</a>
</div>
</div>`
  if (shell) {
    const head = shell.before
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `<style>${answerStyles}</style>\n</head>`)
    return `${head}\n${answer}\n${shell.after}`
  }
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${standalonePageStyles}</style>
</head>
<body>
<header><a href="/">Home</a></header>
<main>
${answer}
</main>
</body>
</html>
`
}

function page(
  statusCode: number,
  title: string,
  body: string,
  headers: Record<string, string>,
  shell: AnswerShell | undefined,
) {
  return {
    statusCode,
    headers: {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      // One visitor's answer: never cached, by CloudFront or anyone else.
      'cache-control': 'no-store',
    },
    body: answerDocument(title, body, shell),
  } satisfies ContactResult
}

type FieldMessages = Partial<Record<ContactField, string>>

/**
 * The contact form again, filled in with what was posted (each value cut to its field's limit),
 * with the messages of the fields that failed under them. `posted` is the parsed form body, or
 * anything else when it could not be read (then the fields are empty).
 */
function formAgain(posted: unknown, errors: FieldMessages = {}): string {
  const values =
    typeof posted === 'object' && posted !== null ? (posted as Record<string, unknown>) : {}
  const fields = contactFields.map((field) => {
    const raw = values[field]
    const value = escapeHtml(typeof raw === 'string' ? raw.slice(0, maxLengths[field]) : '')
    const id = `field-${field}`
    const error = errors[field]
    const described =
      error === undefined ? '' : ` aria-invalid="true" aria-describedby="${id}-error"`
    const { type, autoComplete } = contactFieldInputs[field]
    const common = `id="${id}" name="${field}" required maxlength="${maxLengths[field]}" autocomplete="${autoComplete}"${described}`
    const control =
      field === 'message'
        ? `<textarea ${common} rows="6" minlength="${MESSAGE_MIN_LENGTH}">${value}</textarea>`
        : `<input ${common} type="${type}" value="${value}">`
    const message =
      error === undefined ? '' : `<span class="error" id="${id}-error">${escapeHtml(error)}</span>`
    return `<div class="field"><label for="${id}">${escapeHtml(contactFieldLabels[field])}</label>${control}${message}</div>`
  })
  return `<h2 id="form-heading">${formPageCopy.formHeading}</h2>
<p>${formPageCopy.back}</p>
<form method="post" action="${contactApi.formPath}" aria-labelledby="form-heading">
${fields.join('\n')}
<div class="trap" aria-hidden="true"><label for="field-trap">${formPageCopy.honeypotLabel}</label><input id="field-trap" name="${contactApi.honeypotField}" type="text" tabindex="-1" autocomplete="off" value=""></div>
<button class="button solid" type="submit">${formPageCopy.send}</button>
</form>`
}

/**
 * 400: each field that failed, in the form's order, with its message and a link to it, and the
 * form again.
 */
export function invalidFormPage(
  errors: FieldMessages,
  posted: unknown,
  shell?: AnswerShell,
): ContactResult {
  const copy = formPageCopy.invalid
  const items = contactFields
    .filter((field) => errors[field] !== undefined)
    .map(
      (field) =>
        `<li data-field="${field}"><a href="#field-${field}">${escapeHtml(contactFieldLabels[field])}</a><span>${escapeHtml(errors[field] ?? '')}</span></li>`,
    )
    .join('\n')
  return page(
    400,
    copy.heading,
    `<h1>${copy.heading}</h1>
<p>${copy.intro}</p>
<h2>${copy.listHeading}</h2>
<ul>
${items}
</ul>
${formAgain(posted, errors)}`,
    {},
    shell,
  )
}

/**
 * Any other refusal (storage down, too large, a broken request, an error of ours): the API's own
 * message, which is written for people, what to do next and the form again. Keeps the status and
 * headers (`retry-after`, `allow`) of the JSON answer it stands for.
 */
export function refusedFormPage(
  statusCode: number,
  message: string,
  headers: Record<string, string> = {},
  posted: unknown = {},
  shell?: AnswerShell,
): ContactResult {
  const copy = formPageCopy.refused
  const kept = { ...headers }
  delete kept['content-type']
  return page(
    statusCode,
    copy.heading,
    `<h1>${copy.heading}</h1>
<p>${escapeHtml(message)}</p>
${statusCode === 500 ? '' : `<p>${copy.nothingStored}</p>`}
<p>${formPageCopy.otherWays}</p>
${formAgain(posted)}`,
    kept,
    shell,
  )
}
