import { z } from 'zod'

/**
 * How a stage's setting values are read, for every concern's schema: committed values are typed,
 * `-c key=value` overrides arrive as strings, and a blank value means "not set".
 */
export const blankIsUnset = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : value

export const lowerCased = (value: unknown) => {
  const set = blankIsUnset(value)
  return set === undefined ? undefined : String(set).trim().toLowerCase()
}

export const optionalText = (pattern: RegExp, message: string) =>
  z.preprocess(blankIsUnset, z.string().trim().regex(pattern, message).optional())

export const optionalEmail = (name: string) =>
  z.preprocess(blankIsUnset, z.email(`${name} must be an e-mail address`).optional())

export const optionalCount = (name: string) =>
  z.preprocess(
    (value) => (blankIsUnset(value) === undefined ? undefined : Number(value)),
    z
      .number(`${name} must be a number`)
      .int(`${name} must be a whole number`)
      .positive()
      .optional(),
  )

export const hostName = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/

/** One concern's settings as its schema reads them. */
export type Parsed<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>
