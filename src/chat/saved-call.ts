import { useEffect, useState } from 'react'
import type { CallStorage } from '../core/index.js'

/**
 * Whether `storage` keeps a call under `key` (an open round, a task, that it
 * started, its result): a call that went out once, and that its tool part
 * resumes or shows rather than starting (or asking to start) again. Storage
 * that cannot be read keeps nothing.
 */
export async function hasSavedCall(storage: CallStorage | null | undefined, key: string): Promise<boolean> {
  if (!storage) return false
  try {
    return (await storage.load(key)) !== undefined
  } catch {
    return false
  }
}

/**
 * {@link hasSavedCall} for a render: `undefined` while `storage` is read (the
 * part waits rather than asking or running), then the answer. No storage: false.
 */
export function useHasSavedCall(storage: CallStorage | null | undefined, key: string): boolean | undefined {
  const [known, setKnown] = useState<{ storage: CallStorage; key: string; kept: boolean }>()
  useEffect(() => {
    if (!storage) return
    let current = true
    void hasSavedCall(storage, key).then((kept) => current && setKnown({ storage, key, kept }))
    return () => void (current = false)
  }, [storage, key])
  if (!storage) return false
  return known?.storage === storage && known.key === key ? known.kept : undefined
}
