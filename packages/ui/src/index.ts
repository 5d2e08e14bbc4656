// @blogfleet/ui — the Blogfleet design system (radix-ui + Tailwind v4). Import the styles once:
// `@import '@blogfleet/ui/styles.css';` in the app's CSS.

export { cn, focusRing } from './lib/cn';
export { STATUS_TONES, humanizeStatus, normalizeStatus, statusTone, type StatusTone } from './lib/status';
export {
  JOB_POLL_INTERVAL_MS,
  JOB_REMOVE_AFTER_MS,
  JOB_SWEEP_INTERVAL_MS,
  addJob,
  clampProgress,
  expiredJobs,
  isJobActive,
  isJobFinished,
  jobBarTone,
  jobStripTone,
  sweepJobs,
  updateJob,
  type JobStatus,
  type PanelJob,
} from './lib/jobs';
export { pageWindow, type PageItem } from './lib/pagination';

export {
  Button,
  buttonVariants,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './components/button';
export { Spinner, type SpinnerProps } from './components/spinner';
export { Input, fieldClasses, type InputProps } from './components/input';
export { Textarea, type TextareaProps } from './components/textarea';
export { Label, type LabelProps } from './components/label';
export { FormField, type FormFieldControlProps, type FormFieldProps } from './components/form-field';
export { Select, type SelectOption, type SelectProps } from './components/select';
export { Checkbox, type CheckboxProps, type CheckedState } from './components/checkbox';
export { Switch, type SwitchProps } from './components/switch';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './components/card';
export {
  Badge,
  StatusBadge,
  TONE_VARIANT,
  badgeVariants,
  useStatusLabel,
  type BadgeProps,
  type BadgeVariant,
  type StatusBadgeProps,
} from './components/badge';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './components/tabs';
export { Drawer, DrawerClose, type DrawerProps } from './components/drawer';
export { Alert, type AlertProps } from './components/alert';
export { Breadcrumbs, type BreadcrumbsProps, type Crumb } from './components/breadcrumbs';
export {
  DIALOG_SIZES,
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
  type DialogContentProps,
  type DialogSize,
} from './components/dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export { TOAST_DURATION_MS, Toaster, type ToasterProps } from './components/toast';
export { toast, useToastRequests, useToasterWanted, type ToastOptions } from './components/toast-api';
export { Progress, type ProgressProps, type ProgressTone } from './components/progress';
export { Stars, type StarsProps } from './components/stars';
export { EmptyState, type EmptyStateProps } from './components/empty-state';
export { Skeleton } from './components/skeleton';
export {
  SimpleTooltip,
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
  type SimpleTooltipProps,
} from './components/tooltip';
export {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuPortal,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
  type DropdownMenuItemProps,
} from './components/dropdown-menu';
export {
  Pagination,
  usePaginationLabels,
  type PaginationLabels,
  type PaginationProps,
} from './components/pagination';
export {
  DATA_TABLE_PAGE_SIZES,
  DataTable,
  SIMPLE_TABLE_PAGE_SIZES,
  SimpleTable,
  type DataTableLabels,
  type DataTableProps,
} from './components/data-table';
// Table types and helpers, so the app needs no direct dependency on @tanstack/react-table.
export {
  createColumnHelper,
  type CellContext,
  type ColumnDef,
  type ExpandedState,
  type HeaderContext,
  type PaginationState,
  type Row,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
export {
  JobProgressPanel,
  type JobProgressPanelLabels,
  type JobProgressPanelProps,
} from './components/job-progress-panel';
export {
  JobPanelProvider,
  useJobPanel,
  type JobPanelApi,
  type JobPanelProviderProps,
  type NewPanelJob,
  type PanelJobPatch,
} from './components/job-panel-provider';
export {
  Sidebar,
  type SidebarIcon,
  type SidebarItem,
  type SidebarLabels,
  type SidebarProps,
} from './components/sidebar';
export { Topbar, type TopbarProps } from './components/topbar';
