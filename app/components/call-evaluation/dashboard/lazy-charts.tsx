import { lazy } from 'react'

// One chunk for every dashboard chart (with @mantine/charts and recharts), fetched after hydration.
const charts = () => import('./charts')

export const ScoreLines = lazy(() => charts().then((m) => ({ default: m.ScoreLines })))
export const NamedBars = lazy(() => charts().then((m) => ({ default: m.NamedBars })))
export const Shares = lazy(() => charts().then((m) => ({ default: m.Shares })))
export const SentimentScatter = lazy(() => charts().then((m) => ({ default: m.SentimentScatter })))
