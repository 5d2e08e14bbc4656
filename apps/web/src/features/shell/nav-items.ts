import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  BarChart3,
  Globe,
  LayoutDashboard,
  Layers,
  Lightbulb,
  Newspaper,
  type LucideIcon,
  FileText,
  Search,
  Server,
  Settings,
  Sparkles,
  Tags,
  Users,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  adminOnly?: boolean;
  children?: NavItem[];
  /** Not built yet: the menu marks it, and its page says what the screen will do. */
  coming?: MessageDescriptor;
}

/** The side menu of core §2 Shell, in its order. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: msg`Dashboard`, icon: LayoutDashboard },
  {
    to: '/domains',
    label: msg`Domains`,
    icon: Globe,
  },
  {
    to: '/sites',
    label: msg`Sites`,
    icon: Server,
  },
  {
    to: '/domain-discovery',
    label: msg`Domain discovery`,
    icon: Search,
  },
  {
    to: '/ai-content-pool',
    label: msg`Content pool`,
    icon: Sparkles,
    children: [
      {
        to: '/content-pool/keywords',
        label: msg`Keyword management`,
        icon: Tags,
      },
      {
        to: '/content-pool/keyword-groups',
        label: msg`Keyword groups`,
        icon: Layers,
      },
      {
        to: '/content-pool/ideas',
        label: msg`Ideas management`,
        icon: Lightbulb,
      },
      {
        to: '/content-pool/posts',
        label: msg`Posts management`,
        icon: FileText,
      },
      {
        to: '/content',
        label: msg`Content management`,
        icon: Newspaper,
      },
    ],
  },
  {
    to: '/analytics',
    label: msg`Analytics`,
    icon: BarChart3,
  },
  { to: '/users', label: msg`Users`, icon: Users, adminOnly: true },
  { to: '/settings', label: msg`Settings`, icon: Settings },
];
