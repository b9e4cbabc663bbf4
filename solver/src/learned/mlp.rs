//! A small multi-layer perceptron in plain Rust (f32): standardised inputs,
//! `tanh` hidden layers, a linear output layer and de-standardised outputs.
//! The weights file is little-endian (see [`Mlp::from_bytes`]); an empty
//! file means "no model".

/// The weights file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"PWMLP\x01\0\0";

/// Why a weights file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MlpError {
    /// The file does not start with [`MAGIC`].
    #[error("not a Posewire MLP weights file (bad magic)")]
    Magic,
    /// The file ends before all its weights.
    #[error("the weights file is cut short at byte {0}")]
    Truncated(usize),
    /// A layer size is zero or absurdly large.
    #[error("layer size {0} is out of range (1..=4096)")]
    LayerSize(usize),
    /// Bytes follow the last weight.
    #[error("{0} bytes follow the last weight")]
    Trailing(usize),
    /// A weight is NaN or infinite, or a scale is not positive.
    #[error("weight {0} is not a finite number (or a scale is not positive)")]
    NotFinite(usize),
}

/// One dense layer: `out = W in + b`, `W` row-major (`outputs x inputs`).
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// Inputs of the layer.
    pub inputs: usize,
    /// Outputs of the layer.
    pub outputs: usize,
    /// Weights, row-major, `outputs * inputs`.
    pub weights: Vec<f32>,
    /// Biases, `outputs`.
    pub biases: Vec<f32>,
}

/// A trained network with its input and output standardisation.
#[derive(Debug, Clone, PartialEq)]
pub struct Mlp {
    /// Subtracted from each input.
    pub in_mean: Vec<f32>,
    /// Each input is divided by this after the mean.
    pub in_scale: Vec<f32>,
    /// The layers; `tanh` after every one but the last.
    pub layers: Vec<Layer>,
    /// Each raw output is multiplied by this...
    pub out_scale: Vec<f32>,
    /// ...and this added.
    pub out_mean: Vec<f32>,
}

/// Reads little-endian values from a byte slice.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take4(&mut self) -> Result<[u8; 4], MlpError> {
        let b = self
            .bytes
            .get(self.at..self.at + 4)
            .ok_or(MlpError::Truncated(self.at))?;
        self.at += 4;
        Ok([b[0], b[1], b[2], b[3]])
    }

    fn size(&mut self) -> Result<usize, MlpError> {
        let n = u32::from_le_bytes(self.take4()?) as usize;
        if n == 0 || n > 4096 {
            return Err(MlpError::LayerSize(n));
        }
        Ok(n)
    }

    fn floats(&mut self, n: usize) -> Result<Vec<f32>, MlpError> {
        (0..n)
            .map(|_| {
                let at = self.at;
                let v = f32::from_le_bytes(self.take4()?);
                if v.is_finite() {
                    Ok(v)
                } else {
                    Err(MlpError::NotFinite(at))
                }
            })
            .collect()
    }
}

impl Mlp {
    /// A network with the given layer sizes (`sizes[0]` inputs), all
    /// weights zero, identity standardisation: the trainer's start.
    pub fn zeros(sizes: &[usize]) -> Mlp {
        let n_in = sizes.first().copied().unwrap_or(0);
        let n_out = sizes.last().copied().unwrap_or(0);
        Mlp {
            in_mean: vec![0.0; n_in],
            in_scale: vec![1.0; n_in],
            layers: sizes
                .windows(2)
                .map(|w| Layer {
                    inputs: w[0],
                    outputs: w[1],
                    weights: vec![0.0; w[0] * w[1]],
                    biases: vec![0.0; w[1]],
                })
                .collect(),
            out_scale: vec![1.0; n_out],
            out_mean: vec![0.0; n_out],
        }
    }

    /// Number of inputs.
    pub fn inputs(&self) -> usize {
        self.in_mean.len()
    }

    /// Number of outputs.
    pub fn outputs(&self) -> usize {
        self.out_mean.len()
    }

    /// Embedded weights (`include_bytes!`) as a network of `inputs` to
    /// `outputs` numbers: `None` for an empty file or another shape.
    pub fn embedded(bytes: &[u8], inputs: usize, outputs: usize) -> Result<Option<Mlp>, MlpError> {
        Ok(Mlp::from_bytes(bytes)?.filter(|m| m.inputs() == inputs && m.outputs() == outputs))
    }

    /// Reads a weights file: [`MAGIC`], `u32` input count, `u32` layer
    /// count, a `u32` output size per layer, then `f32`s: input mean and
    /// scale, each layer's weights (row-major) and biases, output scale and
    /// mean. An empty file is `Ok(None)` (no model).
    pub fn from_bytes(bytes: &[u8]) -> Result<Option<Mlp>, MlpError> {
        if bytes.is_empty() {
            return Ok(None);
        }
        if bytes.get(..8) != Some(&MAGIC[..]) {
            return Err(MlpError::Magic);
        }
        let mut r = Reader { bytes, at: 8 };
        let n_in = r.size()?;
        let n_layers = r.size()?;
        let mut sizes = vec![n_in];
        for _ in 0..n_layers.min(64) {
            sizes.push(r.size()?);
        }
        let mut mlp = Mlp::zeros(&sizes);
        mlp.in_mean = r.floats(n_in)?;
        mlp.in_scale = r.floats(n_in)?;
        for layer in &mut mlp.layers {
            layer.weights = r.floats(layer.inputs * layer.outputs)?;
            layer.biases = r.floats(layer.outputs)?;
        }
        let n_out = mlp.outputs();
        mlp.out_scale = r.floats(n_out)?;
        mlp.out_mean = r.floats(n_out)?;
        if let Some(i) = mlp.in_scale.iter().position(|s| *s <= 0.0) {
            return Err(MlpError::NotFinite(i));
        }
        if r.at != bytes.len() {
            return Err(MlpError::Trailing(bytes.len() - r.at));
        }
        Ok(Some(mlp))
    }

    /// The weights file of this network (what [`Mlp::from_bytes`] reads).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let put_u32 = |out: &mut Vec<u8>, v: usize| {
            out.extend_from_slice(&u32::try_from(v).unwrap_or(u32::MAX).to_le_bytes())
        };
        put_u32(&mut out, self.inputs());
        put_u32(&mut out, self.layers.len());
        for l in &self.layers {
            put_u32(&mut out, l.outputs);
        }
        let mut floats = |v: &[f32]| {
            v.iter()
                .for_each(|x| out.extend_from_slice(&x.to_le_bytes()))
        };
        floats(&self.in_mean);
        floats(&self.in_scale);
        for l in &self.layers {
            floats(&l.weights);
            floats(&l.biases);
        }
        floats(&self.out_scale);
        floats(&self.out_mean);
        out
    }

    /// Runs the network on `input` (length [`Mlp::inputs`]) into `output`
    /// (length [`Mlp::outputs`]); `scratch` holds the hidden activations
    /// between calls (no allocation once it has grown).
    pub fn forward(&self, input: &[f32], output: &mut [f32], scratch: &mut [Vec<f32>; 2]) {
        let [a, b] = scratch;
        a.clear();
        a.extend(
            input
                .iter()
                .zip(self.in_mean.iter().zip(&self.in_scale))
                .map(|(x, (m, s))| (x - m) / s),
        );
        let last = self.layers.len().saturating_sub(1);
        for (k, layer) in self.layers.iter().enumerate() {
            dense(layer, a, b);
            if k < last {
                b.iter_mut().for_each(|v| *v = v.tanh());
            }
            std::mem::swap(a, b);
        }
        for (i, o) in output.iter_mut().enumerate() {
            let raw = a.get(i).copied().unwrap_or(0.0);
            *o = raw * self.out_scale.get(i).copied().unwrap_or(1.0)
                + self.out_mean.get(i).copied().unwrap_or(0.0);
        }
    }
}

/// `out = W x + b` for one layer.
pub fn dense(layer: &Layer, x: &[f32], out: &mut Vec<f32>) {
    out.clear();
    out.extend(
        layer
            .weights
            .chunks_exact(layer.inputs)
            .zip(&layer.biases)
            .map(|(row, b)| b + row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>()),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2-3-1 net whose output is computed by hand below.
    fn tiny() -> Mlp {
        let mut m = Mlp::zeros(&[2, 3, 1]);
        m.in_mean = vec![1.0, 0.0];
        m.in_scale = vec![2.0, 1.0];
        m.layers[0].weights = vec![0.5, -1.0, 0.0, 2.0, 1.0, 1.0];
        m.layers[0].biases = vec![0.1, 0.0, -0.2];
        m.layers[1].weights = vec![1.0, -2.0, 0.5];
        m.layers[1].biases = vec![0.3];
        m.out_scale = vec![10.0];
        m.out_mean = vec![-1.0];
        m
    }

    #[test]
    fn forward_matches_a_hand_computed_tiny_net() {
        let m = tiny();
        // Input (3, 0.5) standardised: (1, 0.5).
        let h = [
            (0.5f32 * 1.0 - 1.0 * 0.5 + 0.1).tanh(),
            (0.0f32 * 1.0 + 2.0 * 0.5 + 0.0).tanh(),
            (1.0f32 * 1.0 + 1.0 * 0.5 - 0.2).tanh(),
        ];
        let raw = 1.0 * h[0] - 2.0 * h[1] + 0.5 * h[2] + 0.3;
        let expected = raw * 10.0 - 1.0;
        let mut out = [0.0f32];
        m.forward(&[3.0, 0.5], &mut out, &mut Default::default());
        assert!((out[0] - expected).abs() < 1e-5, "{} vs {expected}", out[0]);
    }

    #[test]
    fn weights_survive_a_round_trip_and_bad_files_are_refused() {
        let m = tiny();
        let bytes = m.to_bytes();
        assert_eq!(Mlp::from_bytes(&bytes), Ok(Some(m)));
        assert_eq!(Mlp::from_bytes(&[]), Ok(None));
        assert_eq!(Mlp::from_bytes(b"nonsense"), Err(MlpError::Magic));
        assert!(matches!(
            Mlp::from_bytes(&bytes[..bytes.len() - 2]),
            Err(MlpError::Truncated(_))
        ));
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(Mlp::from_bytes(&longer), Err(MlpError::Trailing(1)));
        let mut nan = bytes;
        let at = nan.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(matches!(Mlp::from_bytes(&nan), Err(MlpError::NotFinite(_))));
    }
}
