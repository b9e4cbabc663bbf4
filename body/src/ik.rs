//! Two-bone inverse kinematics for arms and legs.
