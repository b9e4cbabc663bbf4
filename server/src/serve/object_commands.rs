//! What an object command of `posewire.v1.SceneService` asks of the loop's
//! shared space. A leaf: the services send these, the loop applies them and
//! the takes record them, without importing each other.

use posewire_body::glam::DVec3;

/// What an object command does (`posewire.v1.SceneService`).
#[derive(Debug)]
pub enum ObjectChange {
    /// Adds one.
    Add(Box<posewire_solver::physics::ObjectSpec>),
    /// Removes one.
    Remove(posewire_solver::physics::ObjectId),
    /// Lists them all.
    List,
    /// A hand takes hold of one.
    Grab {
        /// Whose hand.
        avatar: String,
        /// Which hand.
        hand: posewire_solver::physics::grab::Hand,
        /// Which object.
        id: posewire_solver::physics::ObjectId,
    },
    /// Every hand lets go of one; it leaves with this velocity (linear,
    /// angular) if given.
    Release {
        /// Which object.
        id: posewire_solver::physics::ObjectId,
        /// m/s and rad/s, world.
        velocity: Option<[DVec3; 2]>,
    },
    /// A hand takes a tool: an object or a new stick at a grip pose.
    AttachTool {
        /// Whose hand.
        avatar: String,
        /// Which hand.
        hand: posewire_solver::physics::grab::Hand,
        /// The tool's pose in the hand's frame.
        grip: posewire_body::Transform,
        /// Which tool.
        tool: ToolChoice,
    },
    /// Moves one and sets its velocity (linear, angular).
    SetPose {
        /// Which.
        id: posewire_solver::physics::ObjectId,
        /// Where.
        pose: posewire_body::Transform,
        /// m/s and rad/s, world.
        velocity: [DVec3; 2],
    },
}

/// The tool of an [`ObjectChange::AttachTool`].
#[derive(Debug)]
pub enum ToolChoice {
    /// An existing object.
    Object(posewire_solver::physics::ObjectId),
    /// A new stick.
    Stick(posewire_solver::physics::tool::StickSpec),
}
