import {
  Box,
  Button,
  chakra,
  Field,
  Heading,
  Input,
  Link,
  SimpleGrid,
  Text,
  Textarea,
} from '@chakra-ui/react'
import {
  type FocusEvent,
  type FormEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import type { FieldErrors } from '../../../shared/contact.ts'
import {
  type ContactField,
  contactApi,
  contactFields,
  MESSAGE_MIN_LENGTH,
  maxLengths,
} from '../../../shared/contact-fields.ts'
import { telHref } from '../../../shared/phone.ts'
import { notify, Toaster } from '../toast/Toaster.tsx'
import { contactFormCopy as copy } from './content.ts'
import {
  errorId,
  fieldId,
  firstInvalidField,
  newIdempotencyKey,
  type SubmissionKey,
  serverFieldErrors,
  submissionKey,
  visitorMessage,
  withFieldError,
} from './form-state.ts'
import {
  applyReadiness,
  BUSY_ATTRIBUTE,
  HINT_ATTRIBUTE,
  keepReadinessLive,
  readinessIds,
  readValues,
} from './live-state.ts'
import { loadValidation } from './load-validation.ts'
import { sendEnquiry } from './send.ts'

const headingId = 'contact-form-heading'
const statusId = 'contact-form-status'

/** The agency's own e-mail and phone: the way round when a send fails. */
export interface AgencyContact {
  readonly email: string
  readonly phone: string
}

type Status =
  | { readonly kind: 'success' }
  | { readonly kind: 'failure'; readonly message: string; readonly detail: string }

/**
 * The enquiry form. Prerendered, it is a plain HTML form that posts to the API's form endpoint
 * and relies on the browser's own constraint checks, so it works without JavaScript. With
 * JavaScript, the page's first script (live-state.ts) keeps the Send button and its hint in step
 * with the fields from the first paint; once hydrated (see hydrate.tsx) this component adds the
 * messages under each field, the JSON send, the status beside the button and the toasts.
 *
 * The button's `disabled` and the hint are owned by live-state.ts, before and after hydration:
 * React renders them the same every time (so it never writes a stale value over them) and asks
 * live-state to apply the form's state after each render. The first client render equals the
 * prerendered HTML, so hydration changes nothing visible; `ready` flips only in an effect.
 */
export function ContactForm({ agency }: { readonly agency: AgencyContact }) {
  const formRef = useRef<HTMLFormElement>(null)
  const keyRef = useRef<SubmissionKey | undefined>(undefined)
  /** Set at once on submit, so a second press while validation loads cannot send twice. */
  const submittingRef = useRef(false)
  /** Fields the visitor has typed in: only these get a message when left. */
  const touchedRef = useRef(new Set<ContactField>())
  const errorsRef = useRef<FieldErrors>({})
  const [ready, setReady] = useState(false)
  const [errors, setErrorsState] = useState<FieldErrors>({})
  const [sending, setSending] = useState(false)
  const [status, setStatus] = useState<Status | undefined>(undefined)

  // Native listeners read the errors through the ref, so it follows every change.
  const setErrors = useCallback((update: (current: FieldErrors) => FieldErrors) => {
    setErrorsState((current) => {
      const next = update(current)
      errorsRef.current = next
      return next
    })
  }, [])

  /** Checks one field against the schema with the values the DOM holds once it is loaded. */
  const checkField = useCallback(
    (form: HTMLFormElement, field: ContactField) => {
      loadValidation().then(
        ({ validateField }) => {
          const message = validateField(readValues(form), field)
          setErrors((current) => withFieldError(current, field, message))
        },
        () => {
          // The checks could not load: submit says what is wrong, or the server does.
        },
      )
    },
    [setErrors],
  )

  useEffect(() => {
    const form = formRef.current
    if (!form) return
    const stopReadiness = keepReadinessLive(form)
    // Native listeners, not React's onChange: React skips an input whose value equals the last
    // one it saw, which after a reset is exactly what a refill with the same values looks like.
    const onValue = (event: Event) => {
      const target = event.target as HTMLInputElement | null
      const field = contactFields.find((name) => name === target?.name)
      if (!field) return
      setStatus(undefined)
      if (event.type === 'input') touchedRef.current.add(field)
      // A field already showing a message is re-checked as it is corrected.
      if (errorsRef.current[field] !== undefined) checkField(form, field)
    }
    form.addEventListener('input', onValue)
    form.addEventListener('change', onValue)
    setReady(true)
    // Zod and the schema are not needed to show the form or type in it: they arrive after it is
    // interactive, before the visitor has finished a field.
    const preload = window.setTimeout(() => {
      loadValidation().catch(() => {
        // Retried when a field is left or the form is sent.
      })
    }, 0)
    return () => {
      window.clearTimeout(preload)
      stopReadiness()
      form.removeEventListener('input', onValue)
      form.removeEventListener('change', onValue)
    }
  }, [checkField])

  // After every render (a send starting or ending, above all), put the button back in step.
  useLayoutEffect(() => {
    if (formRef.current) applyReadiness(formRef.current)
  })

  const focusField = (field: ContactField) => {
    formRef.current?.querySelector<HTMLElement>(`#${fieldId(field)}`)?.focus()
  }

  const showErrors = (found: FieldErrors) => {
    setErrors(() => found)
    const first = firstInvalidField(found)
    if (first) focusField(first)
  }

  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as ContactField
    const form = formRef.current
    // Tabbing past a field the visitor has not typed in says nothing yet; submit will.
    if (!form || !touchedRef.current.has(field)) return
    checkField(form, field)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    if (submittingRef.current) return
    submittingRef.current = true
    setStatus(undefined)
    try {
      const { validate } = await loadValidation()
      const result = validate(readValues(form))
      if (!result.ok) {
        showErrors(result.errors)
        return
      }
      setErrors(() => ({}))
      const key = submissionKey(keyRef.current, result.data, newIdempotencyKey)
      keyRef.current = key
      setSending(true)
      const honeypot = new FormData(form).get(contactApi.honeypotField)
      await sendEnquiry(result.data, {
        idempotencyKey: key.key,
        honeypot: typeof honeypot === 'string' ? honeypot : '',
      })
      form.reset()
      touchedRef.current.clear()
      keyRef.current = undefined
      setStatus({ kind: 'success' })
      notify({ type: 'success', ...copy.success })
    } catch (error) {
      const fromServer = serverFieldErrors(error)
      if (firstInvalidField(fromServer)) showErrors(fromServer)
      const message = visitorMessage(error)
      const detail = error instanceof Error ? error.message : String(error)
      setStatus({ kind: 'failure', message, detail })
      notify({ type: 'error', title: copy.failure.title, description: message })
    } finally {
      submittingRef.current = false
      setSending(false)
    }
  }

  return (
    <>
      <Heading as="h2" id={headingId} size="2xl" mb="2">
        {copy.heading}
      </Heading>
      <chakra.form
        ref={formRef}
        method="post"
        action={contactApi.formPath}
        // Before hydration the browser checks the constraints; after, the messages under each field do.
        noValidate={ready}
        onSubmit={onSubmit}
        aria-labelledby={headingId}
        data-hydrated={ready ? '' : undefined}
        // Attributes other scripts may touch before hydration (a browser extension, autofill).
        suppressHydrationWarning
        {...{ [BUSY_ATTRIBUTE]: sending ? 'true' : undefined }}
        position="relative"
      >
        <Text color="gray.700" mb="6">
          {copy.requiredNote}
        </Text>
        <Honeypot />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {contactFields.map((field) => (
            <ContactInput key={field} field={field} error={errors[field]} onBlur={onBlur} />
          ))}
        </SimpleGrid>
        <Box mt="6">
          <Button
            type="submit"
            colorPalette="brand"
            size="lg"
            width={{ base: 'full', sm: 'auto' }}
            loading={sending}
            loadingText={copy.sending}
            // Owned by live-state.ts from here on; this is only the prerendered starting point.
            aria-describedby={readinessIds.hint}
            suppressHydrationWarning
          >
            {copy.submit}
          </Button>
          {/* Hidden rather than removed, so the page never shifts when it comes and goes. */}
          <Text
            id={readinessIds.hint}
            mt="3"
            fontSize="sm"
            color="gray.700"
            css={{ '&[data-readiness=ready]': { visibility: 'hidden' } }}
            // live-state.ts sets data-readiness from the first paint.
            suppressHydrationWarning
          >
            {(['incomplete', 'short-message'] as const).map((state) => (
              <span
                key={state}
                {...{ [HINT_ATTRIBUTE]: state }}
                hidden={state !== 'incomplete'}
                suppressHydrationWarning
              >
                {copy.hints[state]}
              </span>
            ))}
          </Text>
          <FormStatus status={status} agency={agency} />
        </Box>
        {ready && <Toaster />}
      </chakra.form>
    </>
  )
}

/**
 * What happened to the last send, beside the button, until the visitor changes something. Not a
 * live region: the toast announces the same news (assertively for a failure), once.
 */
function FormStatus({
  status,
  agency,
}: {
  readonly status: Status | undefined
  readonly agency: AgencyContact
}) {
  if (!status) return <Box id={statusId} />
  if (status.kind === 'success') {
    return (
      <Box id={statusId} data-status="success" mt="4" p="4" rounded="md" bg="green.50">
        <Text color="green.800" fontWeight="semibold">
          {copy.status.success}
        </Text>
      </Box>
    )
  }
  return (
    <Box
      id={statusId}
      data-status="failure"
      // The request helper's technical message, for whoever looks into a reported problem.
      data-error={status.detail.slice(0, 500)}
      mt="4"
      p="4"
      rounded="md"
      bg="red.50"
      color="red.800"
    >
      <Text fontWeight="semibold">{status.message}</Text>
      <Text mt="1">
        {copy.status.kept} {copy.status.other}{' '}
        <Link href={`mailto:${agency.email}`} color="red.800" textDecoration="underline">
          {agency.email}
        </Link>{' '}
        ·{' '}
        <Link href={telHref(agency.phone)} color="red.800" textDecoration="underline">
          {agency.phone}
        </Link>
      </Text>
    </Box>
  )
}

interface ContactInputProps {
  readonly field: ContactField
  readonly error: string | undefined
  readonly onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void
}

function ContactInput({ field, error, onBlur }: ContactInputProps) {
  const { label, placeholder, type, autoComplete } = copy.fields[field]
  const isMessage = field === 'message'
  const common = {
    name: field,
    placeholder,
    autoComplete,
    maxLength: maxLengths[field],
    // Ark ties the message with aria-errormessage; aria-describedby is what screen readers read.
    'aria-describedby': error ? errorId(field) : undefined,
    onBlur,
    bg: 'white',
    // Chrome can show autofilled values without any input event; an animation on its autofill
    // state is the one sign of it (live-state.ts listens for animationstart).
    css: { '&:-webkit-autofill': { animationName: 'fade-in', animationDuration: '1ms' } },
  }
  return (
    <Field.Root
      id={fieldId(field)}
      ids={{ errorText: errorId(field) }}
      required
      invalid={Boolean(error)}
      gridColumn={isMessage ? { md: 'span 2' } : undefined}
    >
      <Field.Label fontWeight="semibold">
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {isMessage ? (
        <Textarea {...common} rows={6} minLength={MESSAGE_MIN_LENGTH} resize="vertical" />
      ) : (
        <Input {...common} type={type} />
      )}
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  )
}

/** A field only bots fill in: off-screen, out of the tab order, hidden from assistive technology. */
function Honeypot() {
  const id = `contact-${contactApi.honeypotField}`
  return (
    <Box
      aria-hidden="true"
      position="absolute"
      left="-10000px"
      top="0"
      width="1px"
      height="1px"
      overflow="hidden"
    >
      <label htmlFor={id}>{copy.honeypotLabel}</label>
      <input
        id={id}
        name={contactApi.honeypotField}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </Box>
  )
}
