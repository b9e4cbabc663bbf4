//! Estimating a body profile from the three calibration poses.
