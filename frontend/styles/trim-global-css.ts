/**
 * Chakra's global styles (reset, base and token layers) carry every design token of the theme as
 * a CSS custom property, about 800 of them, and every keyframes animation, whatever the page uses:
 * roughly 5 KB of each page's brotli-compressed HTML. This trims them, per page, to what the
 * page's own rules can reach: a custom property declared in a global layer is kept only if a
 * kept declaration refers to it (directly, or through a chain of `var()`), and a `@keyframes`
 * only if a kept declaration names it.
 *
 * Only the global layers are trimmed. Class rules are left exactly as Emotion wrote them: the
 * contact form island (the one place Chakra runs in the browser) may insert new class rules that
 * read a variable declared by a server-rendered class, but its `ChakraProvider` writes Chakra's
 * complete global styles again when it hydrates, so every token is there for its rules.
 *
 * The input is Emotion's output (stylis): minified, no comments, nesting already flattened.
 */

type CssNode =
  | { readonly kind: 'group'; readonly prelude: string; readonly children: CssNode[] }
  | { readonly kind: 'rule'; readonly selector: string; readonly declarations: string[] }
  | { readonly kind: 'keyframes'; readonly name: string; readonly text: string }
  | { readonly kind: 'raw'; readonly text: string }

/** At-rules whose body is a list of rules. */
const GROUPING_AT_RULE = /^@(media|supports|layer|container|starting-style|scope|document)\b/
const KEYFRAMES = /^@(?:-[a-z]+-)?keyframes\s+([^\s{]+)/
const CUSTOM_PROPERTY = /^\s*(--(?:[\w-]|\\.)+)\s*:/
const VAR_REFERENCE = /var\(\s*(--(?:[\w-]|\\.)+)/g
const IDENTIFIER = /-?[_a-zA-Z][\w-]*/g

/** The index just past the string literal starting at `start` (which holds its quote). */
function skipString(css: string, start: number): number {
  const quote = css[start]
  let i = start + 1
  while (i < css.length && css[i] !== quote) i += css[i] === '\\' ? 2 : 1
  return i + 1
}

/** The index of the `}` closing the block whose body starts at `start`. */
function blockEnd(css: string, start: number): number {
  let depth = 0
  for (let i = start; i < css.length; ) {
    const c = css[i]
    if (c === '"' || c === "'") {
      i = skipString(css, i)
      continue
    }
    if (c === '\\') {
      i += 2
      continue
    }
    if (c === '{') depth++
    else if (c === '}') {
      if (depth === 0) return i
      depth--
    }
    i++
  }
  throw new Error('Unbalanced braces in the page CSS')
}

/** Whether a rule's body holds a nested block (outside strings): then it is kept as written. */
function hasNestedBlock(body: string): boolean {
  for (let i = 0; i < body.length; ) {
    const c = body[i]
    if (c === '"' || c === "'") i = skipString(body, i)
    else if (c === '{') return true
    else i += c === '\\' ? 2 : 1
  }
  return false
}

/** Splits a declaration block on the semicolons that end declarations. */
function splitDeclarations(body: string): string[] {
  const declarations: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < body.length; ) {
    const c = body[i]
    if (c === '"' || c === "'") {
      i = skipString(body, i)
      continue
    }
    if (c === '\\') {
      i += 2
      continue
    }
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === ';' && depth === 0) {
      declarations.push(body.slice(start, i))
      start = i + 1
    }
    i++
  }
  const last = body.slice(start)
  if (last.trim()) declarations.push(last)
  return declarations
}

function parse(css: string): CssNode[] {
  const nodes: CssNode[] = []
  let i = 0
  while (i < css.length) {
    // The next statement ends at a `;` (e.g. `@layer a,b;`) or opens a block at a `{`.
    let j = i
    while (j < css.length && css[j] !== '{' && css[j] !== ';') {
      j = css[j] === '"' || css[j] === "'" ? skipString(css, j) : j + (css[j] === '\\' ? 2 : 1)
    }
    if (j >= css.length) {
      if (css.slice(i).trim()) nodes.push({ kind: 'raw', text: css.slice(i) })
      break
    }
    const prelude = css.slice(i, j)
    if (css[j] === ';') {
      nodes.push({ kind: 'raw', text: `${prelude};` })
      i = j + 1
      continue
    }
    const end = blockEnd(css, j + 1)
    const body = css.slice(j + 1, end)
    const text = css.slice(i, end + 1)
    const trimmed = prelude.trim()
    const keyframes = KEYFRAMES.exec(trimmed)
    if (keyframes?.[1]) nodes.push({ kind: 'keyframes', name: keyframes[1], text })
    else if (GROUPING_AT_RULE.test(trimmed))
      nodes.push({ kind: 'group', prelude, children: parse(body) })
    else if (trimmed.startsWith('@') || hasNestedBlock(body)) nodes.push({ kind: 'raw', text })
    else nodes.push({ kind: 'rule', selector: prelude, declarations: splitDeclarations(body) })
    i = end + 1
  }
  return nodes
}

function serialize(nodes: readonly CssNode[]): string {
  return nodes
    .map((node) => {
      switch (node.kind) {
        case 'group':
          return `${node.prelude}{${serialize(node.children)}}`
        case 'rule':
          return `${node.selector}{${node.declarations.map((d) => `${d};`).join('')}}`
        default:
          return node.text
      }
    })
    .join('')
}

const layerName = (prelude: string) => /^@layer\s+([\w-]+)\s*$/.exec(prelude.trim())?.[1]

interface Declaration {
  readonly text: string
  /** Set when this is a custom property the trim may drop. */
  readonly trimmable?: string
}

/** Every declaration in the tree, marking the custom properties of the trimmed layers. */
function* declarations(nodes: readonly CssNode[], trimmed: boolean): Generator<Declaration> {
  for (const node of nodes) {
    if (node.kind === 'group') yield* declarations(node.children, trimmed)
    else if (node.kind === 'raw') yield { text: node.text }
    else if (node.kind === 'rule') {
      for (const text of node.declarations) {
        const property = CUSTOM_PROPERTY.exec(text)?.[1]
        yield trimmed && property ? { text, trimmable: property } : { text }
      }
    }
  }
}

/** Keeps what `keep` allows, dropping rules and groups left empty. */
function prune(
  nodes: readonly CssNode[],
  keepDeclaration: (text: string) => boolean,
  keepKeyframes: (name: string) => boolean,
): CssNode[] {
  return nodes.flatMap((node): CssNode[] => {
    if (node.kind === 'keyframes') return keepKeyframes(node.name) ? [node] : []
    if (node.kind === 'rule') {
      const kept = node.declarations.filter(keepDeclaration)
      return kept.length > 0 ? [{ ...node, declarations: kept }] : []
    }
    if (node.kind === 'group') {
      const children = prune(node.children, keepDeclaration, keepKeyframes)
      return children.length > 0 ? [{ ...node, children }] : []
    }
    return [node]
  })
}

export interface TrimOptions {
  /** The cascade layers holding the global styles to trim. */
  readonly layers?: readonly string[]
}

/**
 * Drops the custom properties and keyframes of the global layers that nothing else on the page
 * can reach. Everything outside those layers is kept as written and is what decides.
 */
export function trimGlobalCss(
  css: string,
  { layers = ['reset', 'base', 'tokens'] }: TrimOptions = {},
): string {
  const tree = parse(css)
  const isTrimmedLayer = (node: CssNode) =>
    node.kind === 'group' && layers.includes(layerName(node.prelude) ?? '')

  // Where each trimmable custom property is declared (it may be declared in several rules).
  const definitions = new Map<string, string[]>()
  const roots: string[] = []
  for (const node of tree) {
    const trimmed = isTrimmedLayer(node)
    for (const declaration of declarations([node], trimmed)) {
      if (declaration.trimmable) {
        const values = definitions.get(declaration.trimmable) ?? []
        values.push(declaration.text)
        definitions.set(declaration.trimmable, values)
      } else roots.push(declaration.text)
    }
  }

  // Every custom property reachable from the page's own declarations, through var() chains.
  // Keyframes count as readers whether or not they stay: cheaper than a second pass.
  const keyframes = (nodes: readonly CssNode[]): string[] =>
    nodes.flatMap((node) =>
      node.kind === 'keyframes'
        ? [node.text]
        : node.kind === 'group'
          ? keyframes(node.children)
          : [],
    )
  const used = new Set<string>()
  const pending = [...roots, ...keyframes(tree)]
  for (let text = pending.pop(); text !== undefined; text = pending.pop()) {
    for (const [, name] of text.matchAll(VAR_REFERENCE)) {
      if (!name || used.has(name)) continue
      used.add(name)
      pending.push(...(definitions.get(name) ?? []))
    }
  }
  const keepDeclaration = (text: string) => {
    const property = CUSTOM_PROPERTY.exec(text)?.[1]
    return !property || !definitions.has(property) || used.has(property)
  }

  // Keyframes named in the value of any declaration that stays (an animation, or a token that
  // holds one).
  const named = new Set<string>()
  const addNames = (text: string) => {
    const value = text.slice(text.indexOf(':') + 1)
    for (const [word] of value.matchAll(IDENTIFIER)) named.add(word)
  }
  for (const text of roots) addNames(text)
  for (const [property, texts] of definitions) {
    if (used.has(property)) for (const text of texts) addNames(text)
  }

  const out = tree.flatMap((node) =>
    isTrimmedLayer(node) ? prune([node], keepDeclaration, (name) => named.has(name)) : [node],
  )
  return serialize(out)
}
