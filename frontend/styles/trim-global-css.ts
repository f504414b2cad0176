import postcss, {
  type AtRule,
  type ChildNode,
  type Container,
  type Declaration,
  type Node,
  type Rule,
} from 'postcss'

/**
 * Chakra's global styles (reset, base and token layers) carry every design token of the theme as
 * a CSS custom property, about 800 of them, and every keyframes animation, whatever the page uses:
 * roughly 5 KB of each page's brotli-compressed HTML. This trims them, per page, to what the
 * page's own rules can reach: a custom property declared in a global layer is kept only if a
 * kept declaration refers to it (directly, or through a chain of `var()`), and a `@keyframes`
 * only if a kept declaration names it (directly, or through a token that holds an animation).
 *
 * Only the global layers are trimmed. Class rules are left exactly as Emotion wrote them: the
 * contact form's toasts (the one place Chakra runs in the browser, loaded when the visitor reaches
 * for Send) insert class rules that may read a variable the page no longer declares, but their
 * `ChakraProvider` writes Chakra's complete global styles again, so every token is there for them.
 *
 * PostCSS reads and writes the CSS (docs/decisions/0004-page-css-trimmed.md): it
 * keeps every byte it is not asked to remove, so what stays is exactly what Emotion wrote.
 */

const VAR_REFERENCE = /var\(\s*(--(?:[\w-]|\\.)+)/g
const IDENTIFIER = /-?[_a-zA-Z][\w-]*/g
const KEYFRAMES = /^(?:-[a-z]+-)?keyframes$/i

export interface TrimOptions {
  /** The cascade layers holding the global styles to trim. */
  readonly layers?: readonly string[]
}

const isKeyframes = (node: ChildNode | Container): node is AtRule =>
  node.type === 'atrule' && KEYFRAMES.test((node as AtRule).name)

function insideKeyframes(node: ChildNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent as Container | undefined) {
    if (isKeyframes(parent as Container)) return true
  }
  return false
}

/** Removes `node`, then any rule or at-rule block left empty above it, up to the layer itself. */
function removeWithEmptyParents(node: ChildNode): void {
  let parent: Node | undefined = node.parent
  node.remove()
  while (parent && (parent.type === 'rule' || parent.type === 'atrule')) {
    const emptied = parent as Rule | AtRule
    if ((emptied.nodes?.length ?? 0) > 0) break
    parent = emptied.parent
    emptied.remove()
  }
}

/**
 * Drops the custom properties and keyframes of the global layers that nothing else on the page
 * can reach. Everything outside those layers is kept as written and is what decides.
 */
export function trimGlobalCss(
  css: string,
  { layers = ['reset', 'base', 'tokens'] }: TrimOptions = {},
): string {
  const root = postcss.parse(css)
  const globalLayers = root.nodes.filter(
    (node): node is AtRule =>
      node.type === 'atrule' &&
      node.name === 'layer' &&
      node.nodes !== undefined &&
      layers.includes(node.params.trim()),
  )
  const inGlobalLayer = new Set<ChildNode>()
  for (const layer of globalLayers) layer.walk((node) => void inGlobalLayer.add(node))

  // Where each trimmable custom property is declared (it may be declared in several rules), and
  // the declarations that decide: everything else.
  const definitions = new Map<string, Declaration[]>()
  const roots: Declaration[] = []
  const keyframeReaders: Declaration[] = []
  root.walkDecls((declaration) => {
    if (insideKeyframes(declaration)) keyframeReaders.push(declaration)
    else if (inGlobalLayer.has(declaration) && declaration.prop.startsWith('--')) {
      const list = definitions.get(declaration.prop) ?? []
      list.push(declaration)
      definitions.set(declaration.prop, list)
    } else roots.push(declaration)
  })
  const text = (declaration: Declaration) =>
    `${declaration.value}${declaration.important ? '!important' : ''}`

  // Every custom property reachable from the page's own declarations, through var() chains.
  // Keyframes count as readers whether or not they stay: cheaper than a second pass.
  const used = new Set<string>()
  const pending = [...roots, ...keyframeReaders]
  for (let declaration = pending.pop(); declaration; declaration = pending.pop()) {
    for (const [, name] of text(declaration).matchAll(VAR_REFERENCE)) {
      if (!name || used.has(name)) continue
      used.add(name)
      pending.push(...(definitions.get(name) ?? []))
    }
  }

  // Keyframes named in the value of any declaration that stays (an animation, or a token that
  // holds one).
  const named = new Set<string>()
  const addNames = (declaration: Declaration) => {
    for (const [word] of text(declaration).matchAll(IDENTIFIER)) named.add(word)
  }
  for (const declaration of roots) addNames(declaration)
  for (const [property, list] of definitions) {
    if (used.has(property)) for (const declaration of list) addNames(declaration)
  }

  for (const [property, list] of definitions) {
    if (!used.has(property)) for (const declaration of list) removeWithEmptyParents(declaration)
  }
  for (const layer of globalLayers) {
    layer.walkAtRules((atRule) => {
      if (isKeyframes(atRule) && !named.has(atRule.params.trim())) removeWithEmptyParents(atRule)
    })
  }
  // A rule of a global layer that was empty as written goes too, as the layer's own rules do.
  for (const layer of globalLayers) {
    layer.walkRules((rule) => {
      if (!insideKeyframes(rule) && (rule.nodes?.length ?? 0) === 0) removeWithEmptyParents(rule)
    })
  }
  return root.toString()
}
