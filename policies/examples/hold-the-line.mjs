// An example of a user's own policy, loaded by path: npx chaco run boqueron --bol policies/examples/hold-the-line.mjs
//
// The default export receives { seed, lib } and returns a policy: { name, decide(decision, view) }.
// `decision.kind` says what is asked (see src/core/decisions.ts for every kind and its answer); `view`
// is the game state, read-only: a write to it (or to the decision) fails the game, naming the module
// and the field. `lib` holds the built-in policies (heuristicPolicy, passivePolicy, randomPolicy), the
// heuristic's PRESETS and the shared helpers (attackOutlook, movement.reachable, ...).
//
// This one plays like the balanced heuristic but never attacks at less than 4-1 and never moves a
// unit out of a settlement its side holds: a designer's "what if Bolivia only held the line?".
export default function holdTheLine({ seed, lib }) {
  const base = lib.heuristicPolicy({ seed, params: { minOdds: 4, aggression: 0.2 } });
  return {
    name: 'hold-the-line',
    decide(decision, view) {
      if (decision.kind === 'move') {
        const order = base.decide(decision, view);
        if (order === null) return null;
        const start = order.path[0];
        const held = view.map.settlement_h[start] === 1 && view.control_h[start] === decision.side;
        // Stay put in held settlements: answer "no more moves" for this stack by skipping it.
        return held && order.units.length > 0 ? base.decide(decision, view) : order;
      }
      return base.decide(decision, view);
    },
  };
}
