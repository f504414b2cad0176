import { Icon } from './icon-set.tsx'

/** The shell's and pages' fixed icons, drawn by the one icon renderer (decorative, no request). */
export const ArrowUpIcon = () => <Icon name="arrowUp" />
export const MenuIcon = () => <Icon name="menu" />
export const CloseIcon = () => <Icon name="close" />
export const PhoneIcon = () => <Icon name="handset" />
export const MailIcon = () => <Icon name="mail" />
export const FormIcon = () => <Icon name="form" />
export const CheckIcon = () => <Icon name="check" size={18} />
export const SearchIcon = () => <Icon name="search" />
export const CodeIcon = () => <Icon name="code" />
export const ShareIcon = () => <Icon name="share" />
export const ChartIcon = () => <Icon name="lineChart" />
export const ShieldIcon = () => <Icon name="shield" />
