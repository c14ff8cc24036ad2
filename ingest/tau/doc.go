// Package tau reads τ-bench and τ²-bench results (agent trajectories with the benchmark's
// reward) into sabench.episode/v1 episodes, and generates the case specifications of the
// τ-bench domains (airline, retail) from the domains' authorization rules, which are data
// files shipped in domains/ (see docs/tau-bench.md).
//
// A τ-bench result file is a JSON array of EnvRunResult records (task_id, trial, reward,
// info, traj); a τ²-bench results file is an object with simulations[] (task_id, trial,
// messages, reward_info.reward). The format is detected by content. Every trajectory
// becomes one episode: case TAU-<DOMAIN>-<task_id>, repeat = trial, official.successful =
// (reward is 1), and a record whose events are the conversation in order: the user's and
// the agent's turns (USER_MESSAGE, AGENT_MESSAGE) and the agent's tool calls, each with its
// tool's output (INFO_CALL for tools that do not write the database, CONSEQUENTIAL_CALL for
// those that do, as the domain's rules file says).
package tau
