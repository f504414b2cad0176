// biome-ignore lint/suspicious/noExplicitAny: CloudFormation templates are untyped JSON
export type Cfn = any

/** One stack's template, as the retention audit reads it. */
export interface StackTemplate {
  readonly stackName: string
  /** Where it is deployed, when known (a cloud assembly's manifest, or the account). */
  readonly region?: string
  readonly template: {
    readonly Resources?: Record<string, Cfn>
    readonly Outputs?: Record<string, Cfn>
  }
}

/** One resource of one stack: `key` (`stack/logicalId`) names it in findings. */
export interface Located {
  readonly key: string
  /** Its stack's region, when known. */
  readonly region?: string
  readonly type: string
  readonly props: Cfn
}

/**
 * Every resource of every stack, and how to follow a reference to one: `Ref` and `Fn::GetAtt`
 * within a stack; across stacks, `Fn::GetStackOutput` of another stack's output (how a stage's
 * site stack reads its data stack's table and buckets) and `Fn::ImportValue` of an export; and a
 * name joined into a longer one (a bucket's name into its domain name) by its first part.
 */
export function resourcePool(stacks: readonly StackTemplate[]) {
  const byKey = new Map<string, Located>()
  const outputs = new Map<string, { readonly stackName: string; readonly value: Cfn }>()
  const exports = new Map<string, { readonly stackName: string; readonly value: Cfn }>()
  for (const { stackName, template, region } of stacks) {
    for (const [id, resource] of Object.entries(template.Resources ?? {})) {
      const key = `${stackName}/${id}`
      byKey.set(key, {
        key,
        type: String(resource?.Type),
        props: resource?.Properties ?? {},
        ...(region && { region }),
      })
    }
    for (const [name, output] of Object.entries(template.Outputs ?? {})) {
      outputs.set(`${stackName}:${name}`, { stackName, value: output?.Value })
      const exported = output?.Export?.Name
      if (typeof exported === 'string') exports.set(exported, { stackName, value: output.Value })
    }
  }
  /** The key of the resource `value` points at, from a resource of `stackName`. */
  const target = (value: Cfn, stackName: string, depth = 0): string | undefined => {
    if (!value || typeof value !== 'object' || depth > 5) return undefined
    if (typeof value.Ref === 'string') return `${stackName}/${value.Ref}`
    const getAtt = value['Fn::GetAtt']
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return `${stackName}/${getAtt[0]}`
    const output = value['Fn::GetStackOutput']
    const source = output
      ? outputs.get(`${output.StackName}:${output.OutputName}`)
      : exports.get(value['Fn::ImportValue'])
    if (source) return target(source.value, source.stackName, depth + 1)
    const joined = value['Fn::Join']?.[1]
    return Array.isArray(joined) ? target(joined[0], stackName, depth + 1) : undefined
  }
  return {
    all: [...byKey.values()],
    /** Whether a resource of that key is in the stacks. */
    has: (key: string) => byKey.has(key),
    ofType: (...types: string[]) => [...byKey.values()].filter((r) => types.includes(r.type)),
    /** Whether `value`, in a resource whose key is `from`, points at the resource `to`. */
    pointsAt: (value: Cfn, from: string, to: string) =>
      target(value, from.slice(0, from.lastIndexOf('/'))) === to,
    target: (value: Cfn, from: string) => target(value, from.slice(0, from.lastIndexOf('/'))),
  }
}

export type ResourcePool = ReturnType<typeof resourcePool>
