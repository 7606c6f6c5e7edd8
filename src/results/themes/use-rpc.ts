/** One results function's answer, asked again when its arguments change (null arguments: not asked); a refusal in the team's words. */
import { useEffect, useState } from "react";
import { rpc } from "../auth-client.ts";
import { refusalText } from "../refusal-text.ts";
import type { ResultsWords } from "../words/index.ts";

export interface RpcState<T> { data: T | null; error: string | null }

export function useRpc<T>(name: string, args: Record<string, unknown> | null, words: ResultsWords): RpcState<T> {
  const asked = args && JSON.stringify(args);
  const [state, setState] = useState<RpcState<T> & { asked: string | null }>({ data: null, error: null, asked: null });
  useEffect(() => {
    if (!asked) return;
    let current = true;
    rpc<T>(name, JSON.parse(asked) as Record<string, unknown>).then(
      (data) => current && setState({ data, error: null, asked }),
      (failure: unknown) => current && setState({ data: null, error: refusalText(words, failure), asked }),
    );
    return () => void (current = false);
  }, [name, asked, words]);
  return state.asked === asked ? state : { data: null, error: null };
}
