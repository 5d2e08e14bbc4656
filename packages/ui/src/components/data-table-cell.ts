import type { Cell } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/**
 * A cell's renderer is called, not mounted as a component (as `flexRender` does with a function).
 * Pages re-make their columns when an action or the language changes; mounted, every cell would
 * then be a new component type and start over, so an open row menu closed under the user's finger.
 * Cell renderers hold no hooks.
 */
export function renderCell<TData>(cell: Cell<TData, unknown>): ReactNode {
  const render = cell.column.columnDef.cell;
  return typeof render === 'function' ? render(cell.getContext()) : render;
}
