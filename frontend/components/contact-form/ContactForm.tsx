import {
  Box,
  Button,
  chakra,
  Field,
  Heading,
  Input,
  SimpleGrid,
  Text,
  Textarea,
} from '@chakra-ui/react'
import {
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
  useEffect,
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
} from '../../../shared/contact.ts'
import { notify, Toaster } from '../toast/Toaster.tsx'
import { contactFormCopy as copy } from './content.ts'
import {
  type ContactValues,
  emptyValues,
  errorId,
  failureDescription,
  fieldId,
  firstInvalidField,
  isComplete,
  isSubmitDisabled,
  newIdempotencyKey,
  readValues,
  type SubmissionKey,
  serverFieldErrors,
  submissionKey,
  validate,
  validateField,
  withFieldError,
} from './form-state.ts'
import { sendEnquiry } from './send.ts'

const headingId = 'contact-form-heading'
const hintId = 'contact-form-hint'

/**
 * The enquiry form. Prerendered, it is a plain HTML form that posts to the API's form endpoint
 * and relies on the browser's own constraint checks, so it works before (or without) JavaScript.
 * Once hydrated (see hydrate.tsx) it takes over: the spec's disabled rules, messages under each
 * field, a JSON send with toasts. The first client render equals the prerendered HTML, so
 * hydration changes nothing visible; `ready` flips only in an effect afterwards.
 */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null)
  const keyRef = useRef<SubmissionKey | undefined>(undefined)
  const [ready, setReady] = useState(false)
  const [values, setValues] = useState<ContactValues>(emptyValues)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [sending, setSending] = useState(false)

  useEffect(() => {
    // Keep whatever the visitor typed before the script arrived.
    if (formRef.current) setValues(readValues(formRef.current))
    setReady(true)
  }, [])

  const showHint = !ready || !isComplete(values)

  const focusField = (field: ContactField) => {
    formRef.current?.querySelector<HTMLElement>(`#${fieldId(field)}`)?.focus()
  }

  const showErrors = (found: FieldErrors) => {
    setErrors(found)
    const first = firstInvalidField(found)
    if (first) focusField(first)
  }

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as ContactField
    const next = { ...values, [field]: event.target.value }
    setValues(next)
    // A field already showing a message is re-checked as it is corrected.
    if (errors[field])
      setErrors((current) => withFieldError(current, field, validateField(next, field)))
  }

  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as ContactField
    const next = { ...values, [field]: event.target.value }
    setErrors((current) => withFieldError(current, field, validateField(next, field)))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    if (sending) return
    const current = readValues(form)
    const result = validate(current)
    if (!result.ok) {
      showErrors(result.errors)
      return
    }
    setErrors({})
    const key = submissionKey(keyRef.current, result.data, newIdempotencyKey)
    keyRef.current = key
    setSending(true)
    try {
      const honeypot = new FormData(form).get(contactApi.honeypotField)
      await sendEnquiry(result.data, {
        idempotencyKey: key.key,
        honeypot: typeof honeypot === 'string' ? honeypot : '',
      })
      form.reset()
      setValues(emptyValues)
      keyRef.current = undefined
      notify({ type: 'success', ...copy.success })
    } catch (error) {
      const fromServer = serverFieldErrors(error)
      if (firstInvalidField(fromServer)) showErrors(fromServer)
      notify({ type: 'error', title: copy.failure.title, description: failureDescription(error) })
    } finally {
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
        position="relative"
      >
        <Text color="gray.700" mb="6">
          {copy.requiredNote}
        </Text>
        <Honeypot />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {contactFields.map((field) => (
            <ContactInput
              key={field}
              field={field}
              error={errors[field]}
              onChange={onChange}
              onBlur={onBlur}
            />
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
            disabled={ready && isSubmitDisabled(values, sending)}
            aria-describedby={showHint ? hintId : undefined}
          >
            {copy.submit}
          </Button>
          {/* Hidden rather than removed, so the page never shifts when it comes and goes. */}
          <Text
            id={hintId}
            mt="3"
            fontSize="sm"
            color="gray.700"
            visibility={showHint ? 'visible' : 'hidden'}
          >
            {copy.incompleteHint}
          </Text>
        </Box>
        {ready && <Toaster />}
      </chakra.form>
    </>
  )
}

interface ContactInputProps {
  readonly field: ContactField
  readonly error: string | undefined
  readonly onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  readonly onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void
}

function ContactInput({ field, error, onChange, onBlur }: ContactInputProps) {
  const { label, placeholder, type, autoComplete } = copy.fields[field]
  const isMessage = field === 'message'
  const common = {
    name: field,
    placeholder,
    autoComplete,
    maxLength: maxLengths[field],
    // Ark ties the message with aria-errormessage; aria-describedby is what screen readers read.
    'aria-describedby': error ? errorId(field) : undefined,
    onChange,
    onBlur,
    bg: 'white',
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
