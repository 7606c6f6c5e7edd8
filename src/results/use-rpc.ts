/** One results function's answer, asked again when its arguments change (or `again` is called); null arguments ask nothing. */
import { useCallback, useEffect, useState } from "react";
import { rpc } from "./auth-client.ts";
import { refusalText } from "./refusal-text.ts";
import type { ResultsWords } from "./words/index.ts";

export interface RpcState<T> { data: T | null; error: string | null; again: () => void }

export function useRpc<T>(name: string, args: Record<string, unknown> | null, words: ResultsWords): RpcState<T> {
  const asked = args === null ? null : JSON.stringify(args);
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ data: T | null; error: string | null; asked: string | null }>({ data: null, error: null, asked: null });
  useEffect(() => {
    if (asked === null) return;
    let current = true;
    rpc<T>(name, JSON.parse(asked) as Record<string, unknown>).then(
      (data) => current && setState({ data, error: null, asked }),
      (failure: unknown) => current && setState({ data: null, error: refusalText(words, failure), asked }),
    );
    return () => void (current = false);
  }, [name, asked, round, words]);
  const again = useCallback(() => setRound((n) => n + 1), []);
  const fresh = state.asked === asked;
  return { data: fresh ? state.data : null, error: fresh ? state.error : null, again };
}
