//! The four learned networks a solver runs, as one value: the embedded ones
//! (`solver/weights/*.bin`, the default) or weights given at run time. The
//! library reads no files: a binary reads a weights file and hands its
//! bytes to [`LearnedModels::with_weights`], which checks them (format,
//! finite numbers, the network's shape) and names the file in any error.

use std::sync::Arc;

use super::mlp::{Mlp, MlpError};
use super::{arms, knees, legs, pelvis};

/// One of the learned networks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Net {
    /// The pelvis of a body without a pelvis tracker.
    Pelvis,
    /// The feet of a body without foot devices.
    Legs,
    /// The shoulders and elbows.
    Arms,
    /// The knees over foot devices.
    Knees,
}

impl Net {
    /// Every network, in training order (the legs and arms read the pelvis
    /// as the solver placed it, so the pelvis comes first).
    pub const ALL: [Net; 4] = [Net::Pelvis, Net::Legs, Net::Arms, Net::Knees];

    /// The name used on the command line and for its weights file
    /// (`<name>.bin`).
    pub fn name(self) -> &'static str {
        match self {
            Net::Pelvis => "pelvis",
            Net::Legs => "legs",
            Net::Arms => "arms",
            Net::Knees => "knees",
        }
    }

    /// Parses a command-line name.
    pub fn from_name(name: &str) -> Option<Net> {
        Net::ALL.into_iter().find(|n| n.name() == name)
    }

    /// Numbers in and out of the network.
    pub fn shape(self) -> (usize, usize) {
        match self {
            Net::Pelvis => (pelvis::FEATURES, pelvis::OUTPUTS),
            Net::Legs => (legs::FEATURES, legs::OUTPUTS),
            Net::Arms => (arms::FEATURES, arms::OUTPUTS),
            Net::Knees => (knees::FEATURES, knees::OUTPUTS),
        }
    }

    /// The weights embedded in the build.
    pub fn embedded_bytes(self) -> &'static [u8] {
        match self {
            Net::Pelvis => pelvis::EMBEDDED_WEIGHTS,
            Net::Legs => legs::EMBEDDED_WEIGHTS,
            Net::Arms => arms::EMBEDDED_WEIGHTS,
            Net::Knees => knees::EMBEDDED_WEIGHTS,
        }
    }
}

/// Why a weights file cannot be used for a network.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// The bytes are not a readable weights file.
    #[error("{file}: not usable as the {net} network's weights: {problem}")]
    Unreadable {
        /// The file (as the caller named it).
        file: String,
        /// The network it was meant for.
        net: &'static str,
        /// What is wrong.
        problem: MlpError,
    },
    /// The file is empty.
    #[error("{file}: empty, not the {net} network's weights")]
    Empty {
        /// The file.
        file: String,
        /// The network it was meant for.
        net: &'static str,
    },
    /// A network of another shape.
    #[error("{file}: a network of {inputs} inputs and {outputs} outputs; the {net} network has {want_inputs} and {want_outputs}")]
    Shape {
        /// The file.
        file: String,
        /// The network it was meant for.
        net: &'static str,
        /// Its inputs.
        inputs: usize,
        /// Its outputs.
        outputs: usize,
        /// The network's inputs.
        want_inputs: usize,
        /// The network's outputs.
        want_outputs: usize,
    },
}

/// The networks a solver runs (`None`: that component has no model and its
/// rules alone run).
#[derive(Debug, Clone, PartialEq)]
pub struct LearnedModels {
    pelvis: Option<Arc<Mlp>>,
    legs: Option<Arc<Mlp>>,
    arms: Option<Arc<Mlp>>,
    knees: Option<Arc<Mlp>>,
}

impl Default for LearnedModels {
    fn default() -> Self {
        LearnedModels::embedded()
    }
}

impl LearnedModels {
    /// The networks embedded in the build (one that does not parse or has
    /// another shape is no model, as the embedded weights always were).
    pub fn embedded() -> LearnedModels {
        let load = |net: Net| {
            let (inputs, outputs) = net.shape();
            Mlp::embedded(net.embedded_bytes(), inputs, outputs)
                .ok()
                .flatten()
                .map(|m| packed(Arc::new(m)))
        };
        LearnedModels {
            pelvis: load(Net::Pelvis),
            legs: load(Net::Legs),
            arms: load(Net::Arms),
            knees: load(Net::Knees),
        }
    }

    fn slot(&mut self, net: Net) -> &mut Option<Arc<Mlp>> {
        match net {
            Net::Pelvis => &mut self.pelvis,
            Net::Legs => &mut self.legs,
            Net::Arms => &mut self.arms,
            Net::Knees => &mut self.knees,
        }
    }

    /// The network in use for `net`.
    pub fn get(&self, net: Net) -> Option<Arc<Mlp>> {
        match net {
            Net::Pelvis => self.pelvis.clone(),
            Net::Legs => self.legs.clone(),
            Net::Arms => self.arms.clone(),
            Net::Knees => self.knees.clone(),
        }
    }

    /// These networks with `net` replaced by `model`, packed for the
    /// real-time loop (checked for its shape by the caller: see
    /// [`LearnedModels::with_weights`]).
    pub fn with_model(mut self, net: Net, model: Option<Arc<Mlp>>) -> LearnedModels {
        *self.slot(net) = model.map(packed);
        self
    }

    /// These networks with `net` read from a weights file's bytes (`file`
    /// names it in errors): refused when the bytes do not parse (bad
    /// magic, cut short, trailing bytes, a NaN or infinite weight), are
    /// empty, or hold a network of another shape.
    pub fn with_weights(
        self,
        net: Net,
        bytes: &[u8],
        file: &str,
    ) -> Result<LearnedModels, WeightsError> {
        let model = parse_weights(net, bytes, file)?;
        Ok(self.with_model(net, Some(Arc::new(model))))
    }
}

/// A weights file's bytes as `net`'s network.
pub fn parse_weights(net: Net, bytes: &[u8], file: &str) -> Result<Mlp, WeightsError> {
    let name = net.name();
    let model = Mlp::from_bytes(bytes)
        .map_err(|problem| WeightsError::Unreadable {
            file: file.to_string(),
            net: name,
            problem,
        })?
        .ok_or_else(|| WeightsError::Empty {
            file: file.to_string(),
            net: name,
        })?;
    let (want_inputs, want_outputs) = net.shape();
    if model.inputs() != want_inputs || model.outputs() != want_outputs {
        return Err(WeightsError::Shape {
            file: file.to_string(),
            net: name,
            inputs: model.inputs(),
            outputs: model.outputs(),
            want_inputs,
            want_outputs,
        });
    }
    Ok(model)
}

/// `model` packed for the real-time loop ([`Mlp::packed`]) unless it is.
fn packed(model: Arc<Mlp>) -> Arc<Mlp> {
    if model.packed.is_some() {
        model
    } else {
        Arc::new(Arc::unwrap_or_clone(model).packed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_read_back_as_the_embedded_models() {
        let embedded = LearnedModels::embedded();
        for net in Net::ALL {
            let Some(model) = embedded.get(net) else {
                continue;
            };
            let again = LearnedModels::embedded()
                .with_model(net, None)
                .with_weights(net, net.embedded_bytes(), "copy.bin")
                .expect("the embedded bytes are valid weights");
            assert_eq!(again.get(net).as_deref(), Some(&*model), "{}", net.name());
        }
        assert_eq!(Net::from_name("legs"), Some(Net::Legs));
        assert_eq!(Net::from_name("tail"), None);
    }

    #[test]
    fn wrong_shape_truncated_nan_and_empty_files_are_refused_naming_the_file() {
        let wrong = Mlp::zeros(&[3, 4, 2]).to_bytes();
        let err = LearnedModels::embedded()
            .with_weights(Net::Pelvis, &wrong, "fold/pelvis.bin")
            .expect_err("a 3-input network is not the pelvis");
        let text = err.to_string();
        assert!(text.contains("fold/pelvis.bin"), "{text}");
        assert!(text.contains("3 inputs"), "{text}");
        assert!(text.contains("pelvis"), "{text}");

        let (i, o) = Net::Legs.shape();
        let good = Mlp::zeros(&[i, 8, o]).to_bytes();
        assert!(LearnedModels::embedded()
            .with_weights(Net::Legs, &good, "legs.bin")
            .is_ok());
        let cut = LearnedModels::embedded()
            .with_weights(Net::Legs, &good[..good.len() - 3], "cut.bin")
            .expect_err("cut short");
        assert!(cut.to_string().contains("cut.bin"), "{cut}");
        assert!(cut.to_string().contains("cut short"), "{cut}");
        let mut nan = good.clone();
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        let err = LearnedModels::embedded()
            .with_weights(Net::Legs, &nan, "nan.bin")
            .expect_err("NaN");
        assert!(err.to_string().contains("not a finite number"), "{err}");
        let err = LearnedModels::embedded()
            .with_weights(Net::Knees, &[], "empty.bin")
            .expect_err("empty");
        assert!(err.to_string().contains("empty.bin"), "{err}");
    }
}
