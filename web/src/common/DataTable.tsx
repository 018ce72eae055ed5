import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';

export type Column<T> = ColumnDef<T, unknown>;

interface DataTableProps<T> {
  /** Names the table for screen readers (and is shown when `showCaption`). */
  readonly caption: string;
  readonly data: readonly T[];
  readonly columns: readonly Column<T>[];
  readonly rowKey: (row: T) => string;
  readonly empty?: ReactNode;
  readonly testId?: string;
  /** Rows that can be picked for a bulk action: a checkbox a row, and one in the header for every row shown. */
  readonly selection?: Selection<T>;
}

export interface Selection<T> {
  readonly selected: ReadonlySet<string>;
  readonly onChange: (next: Set<string>) => void;
  /** Names a row in its checkbox's label ("Select <label>"). */
  readonly rowLabel: (row: T) => string;
}

/** The header checkbox: checked when every shown row is, half-checked when some are. */
function SelectAllBox({ all, some, onChange }: { all: boolean; some: boolean; onChange: (on: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current !== null) box.current.indeterminate = some && !all;
  }, [all, some]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label="Select every row shown"
      checked={all}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** A sortable list table (TanStack Table, decision 0685): headers are buttons, aria-sort says the order. */
export function DataTable<T>({ caption, data, columns, rowKey, empty = 'Nothing here yet.', testId, selection }: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable<T>({
    data: data as T[],
    columns: columns as Column<T>[],
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowKey,
  });
  return (
    <div className="table-wrap">
      <table className="list" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection !== undefined && (
                <th scope="col" className="select-cell">
                  <SelectAllBox
                    all={data.length > 0 && data.every((row) => selection.selected.has(rowKey(row)))}
                    some={data.some((row) => selection.selected.has(rowKey(row)))}
                    onChange={(on) => {
                      const next = new Set(selection.selected);
                      for (const row of data) {
                        if (on) next.add(rowKey(row));
                        else next.delete(rowKey(row));
                      }
                      selection.onChange(next);
                    }}
                  />
                </th>
              )}
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                    {header.column.getCanSort() ? (
                      <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        {sorted === 'asc' ? ' ↑' : sorted === 'desc' ? ' ↓' : ''}
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={selection?.selected.has(row.id) === true ? 'selected' : undefined}>
              {selection !== undefined && (
                <td className="select-cell">
                  <input
                    type="checkbox"
                    aria-label={`Select ${selection.rowLabel(row.original)}`}
                    checked={selection.selected.has(row.id)}
                    onChange={(event) => {
                      const next = new Set(selection.selected);
                      if (event.target.checked) next.add(row.id);
                      else next.delete(row.id);
                      selection.onChange(next);
                    }}
                  />
                </td>
              )}
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
          {data.length === 0 && (
            <tr>
              <td colSpan={columns.length + (selection === undefined ? 0 : 1)} className="muted">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
