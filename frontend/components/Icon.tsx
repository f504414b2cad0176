import type { LucideIcon } from 'lucide-react'
import ArrowUp from 'lucide-react/icons/arrow-up'
import Award from 'lucide-react/icons/award'
import Briefcase from 'lucide-react/icons/briefcase'
import Calendar from 'lucide-react/icons/calendar'
import ChartColumn from 'lucide-react/icons/chart-column'
import ChartLine from 'lucide-react/icons/chart-line'
import Check from 'lucide-react/icons/check'
import CircleAlert from 'lucide-react/icons/circle-alert'
import Clock from 'lucide-react/icons/clock'
import Code from 'lucide-react/icons/code'
import Eye from 'lucide-react/icons/eye'
import FileText from 'lucide-react/icons/file-text'
import Gift from 'lucide-react/icons/gift'
import Handshake from 'lucide-react/icons/handshake'
import Lightbulb from 'lucide-react/icons/lightbulb'
import Lock from 'lucide-react/icons/lock'
import Mail from 'lucide-react/icons/mail'
import MapPin from 'lucide-react/icons/map-pin'
import Menu from 'lucide-react/icons/menu'
import MousePointer2 from 'lucide-react/icons/mouse-pointer-2'
import Newspaper from 'lucide-react/icons/newspaper'
import Palette from 'lucide-react/icons/palette'
import Phone from 'lucide-react/icons/phone'
import PoundSterling from 'lucide-react/icons/pound-sterling'
import RefreshCw from 'lucide-react/icons/refresh-cw'
import Search from 'lucide-react/icons/search'
import Share2 from 'lucide-react/icons/share-2'
import ShieldCheck from 'lucide-react/icons/shield-check'
import ShoppingCart from 'lucide-react/icons/shopping-cart'
import SlidersVertical from 'lucide-react/icons/sliders-vertical'
import Smartphone from 'lucide-react/icons/smartphone'
import Target from 'lucide-react/icons/target'
import ThumbsUp from 'lucide-react/icons/thumbs-up'
import TrendingUp from 'lucide-react/icons/trending-up'
import Users from 'lucide-react/icons/users'
import X from 'lucide-react/icons/x'
import Zap from 'lucide-react/icons/zap'

/**
 * Every icon the site draws, by name: a content module's card says `icon: 'target'`, the shell
 * says `<Icon name="menu" />`. The glyphs are Lucide's (`lucide-react`, ISC licence), imported one
 * file per icon. Pages are prerendered, so each icon is inline SVG in the HTML and no icon code
 * reaches the browser (docs/decisions/0029-icons-from-lucide.md). Decorative: a text or an
 * accessible name beside it carries the meaning.
 */
const icons = {
  target: Target,
  eye: Eye,
  bulb: Lightbulb,
  users: Users,
  shield: ShieldCheck,
  award: Award,
  trend: TrendingUp,
  chart: ChartColumn,
  clock: Clock,
  pin: MapPin,
  pound: PoundSterling,
  handshake: Handshake,
  palette: Palette,
  phone: Smartphone,
  search: Search,
  zap: Zap,
  lock: Lock,
  code: Code,
  share: Share2,
  mail: Mail,
  cursor: MousePointer2,
  thumbsUp: ThumbsUp,
  briefcase: Briefcase,
  gift: Gift,
  cart: ShoppingCart,
  refresh: RefreshCw,
  calendar: Calendar,
  news: Newspaper,
  sliders: SlidersVertical,
  arrowUp: ArrowUp,
  menu: Menu,
  close: X,
  check: Check,
  alert: CircleAlert,
  handset: Phone,
  form: FileText,
  lineChart: ChartLine,
} satisfies Record<string, LucideIcon>

export type IconName = keyof typeof icons

export function Icon({ name, size = 24 }: { readonly name: IconName; readonly size?: number }) {
  const Glyph = icons[name]
  return <Glyph aria-hidden="true" focusable="false" size={size} />
}
