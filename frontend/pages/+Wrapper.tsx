import { ChakraProvider } from '@chakra-ui/react'
import { CacheProvider } from '@emotion/react'
import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { system } from '../theme.ts'

export default function Wrapper({ children }: { children: ReactNode }) {
  const { emotionCache } = usePageContext()
  const chakra = <ChakraProvider value={system}>{children}</ChakraProvider>
  // On the server the styles are collected and written into the head (styles/emotion-ssr.ts).
  return emotionCache ? <CacheProvider value={emotionCache}>{chakra}</CacheProvider> : chakra
}
