/** Risk signals: the console's moderation queue and the admin's view of a card show them. */
export { default as RecordRiskSignals, RiskSignalList } from './RiskSignals.tsx';
