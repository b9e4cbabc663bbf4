//! How many valid records of each kind a take holds (`posewire takes
//! check` reports them).

use std::fmt;

use crate::record::Record;

/// The valid records read from a take, by kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RecordCounts {
    /// Identity records (1 in a take whose identity is whole).
    pub info: usize,
    /// Body profiles.
    pub profile: usize,
    /// Configuration records.
    pub config: usize,
    /// Ticks of device samples.
    pub tick: usize,
    /// Starts of solved versions.
    pub version: usize,
    /// Solved frames, of every version.
    pub solved: usize,
    /// Markers.
    pub marker: usize,
    /// Renames.
    pub renamed: usize,
    /// End records (one per time recording or an append stopped).
    pub end: usize,
    /// Pushes applied to the body.
    pub push: usize,
    /// Objects described (first seen).
    pub object: usize,
    /// Object states, one per object per tick.
    pub object_state: usize,
    /// Objects that left.
    pub object_gone: usize,
    /// Changes applied to the objects.
    pub object_change: usize,
    /// Later copies of the vital records (identity, configuration,
    /// profile).
    pub copy: usize,
    /// Timecode records.
    pub timecode: usize,
    /// Hand-tracking records (tracked fingers).
    pub hand_tracking: usize,
}

impl RecordCounts {
    /// Counts one record.
    pub(crate) fn count(&mut self, record: &Record) {
        let n = match record {
            // A scene take's avatar records count as what they hold.
            Record::Avatar(a) => return self.count(&a.record),
            Record::Timecode(_) => &mut self.timecode,
            Record::Info(_) => &mut self.info,
            Record::Profile(_) => &mut self.profile,
            Record::Config(_) => &mut self.config,
            Record::Tick(_) => &mut self.tick,
            Record::Version(_) => &mut self.version,
            Record::Solved(_) => &mut self.solved,
            Record::Marker(_) => &mut self.marker,
            Record::Renamed(_) => &mut self.renamed,
            Record::End(_) => &mut self.end,
            Record::Push(_) => &mut self.push,
            Record::ObjectSeen(_) => &mut self.object,
            Record::ObjectMotion(_) => &mut self.object_state,
            Record::ObjectGone(_) => &mut self.object_gone,
            Record::ObjectChange(_) => &mut self.object_change,
            Record::Copy(_) => &mut self.copy,
            Record::HandTracking(_) => &mut self.hand_tracking,
        };
        *n += 1;
    }

    /// Every valid record of a known kind.
    pub fn total(&self) -> usize {
        self.info
            + self.profile
            + self.config
            + self.tick
            + self.version
            + self.solved
            + self.marker
            + self.renamed
            + self.end
            + self.push
            + self.object
            + self.object_state
            + self.object_gone
            + self.object_change
            + self.copy
            + self.timecode
            + self.hand_tracking
    }
}

impl fmt::Display for RecordCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} identity, {} profile, {} config, {} tick, {} solved version, {} solved frame, {} marker, {} renamed, {} end, {} push, {} object, {} object state, {} object gone, {} object change, {} copy, {} timecode, {} hand tracking",
            self.info,
            self.profile,
            self.config,
            self.tick,
            self.version,
            self.solved,
            self.marker,
            self.renamed,
            self.end,
            self.push,
            self.object,
            self.object_state,
            self.object_gone,
            self.object_change,
            self.copy,
            self.timecode,
            self.hand_tracking
        )
    }
}
