import {
  type ContactField,
  contactApi,
  contactFieldInputs,
  contactFieldLabels,
  contactFields,
  MESSAGE_MIN_LENGTH,
  maxLengths,
} from '#shared/contact-fields.ts'
import { answerStyles, escapeHtml, standalonePage } from '../html-pages.ts'
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
  return standalonePage(title, answer)
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
