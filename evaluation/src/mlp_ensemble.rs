//! An ensemble of networks trained on the same data with different seeds,
//! stored as one [`Mlp`] whose output is the members' mean: their hidden
//! layers side by side (the first stacked, the later ones block-diagonal)
//! and the output layer averaging them. The solver runs it as any network
//! of that shape (no format or solver change).

use posewire_solver::learned::mlp::{Layer, Mlp};

/// Why networks cannot be averaged into one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnsembleError {
    /// No network was given.
    #[error("an ensemble needs at least one network")]
    Empty,
    /// A member differs from the first in its inputs, outputs, depth or
    /// standardisation (members must be trained on the same data).
    #[error("network {0} differs from the first in {1}")]
    Mismatch(usize, &'static str),
}

/// What must be equal between members, and how to name it.
fn mismatch(first: &Mlp, other: &Mlp) -> Option<&'static str> {
    if first.inputs() != other.inputs() || first.outputs() != other.outputs() {
        Some("its numbers of inputs or outputs")
    } else if first.layers.len() != other.layers.len() {
        Some("its number of layers")
    } else if first.in_mean != other.in_mean || first.in_scale != other.in_scale {
        Some("its input standardisation (trained on other data)")
    } else if first.out_mean != other.out_mean || first.out_scale != other.out_scale {
        Some("its output standardisation (trained on other data)")
    } else {
        None
    }
}

/// Hidden layers side by side: the first layer's rows stacked (every
/// member reads the same inputs), a later hidden layer block-diagonal
/// (each member reads only its own units).
fn side_by_side(layers: &[&Layer], first: bool) -> Layer {
    let inputs = if first {
        layers[0].inputs
    } else {
        layers.iter().map(|l| l.inputs).sum()
    };
    let outputs = layers.iter().map(|l| l.outputs).sum();
    let mut weights = Vec::with_capacity(inputs * outputs);
    let mut before = 0;
    for l in layers {
        for row in l.weights.chunks_exact(l.inputs) {
            if first {
                weights.extend_from_slice(row);
            } else {
                weights.extend(std::iter::repeat_n(0.0, before));
                weights.extend_from_slice(row);
                weights.extend(std::iter::repeat_n(0.0, inputs - before - l.inputs));
            }
        }
        before += l.inputs;
    }
    Layer {
        inputs,
        outputs,
        weights,
        biases: layers.iter().flat_map(|l| l.biases.clone()).collect(),
    }
}

/// The output layer averaging the members': each output row is the
/// members' rows side by side divided by their count (with one layer, the
/// members' weights averaged), the bias their mean.
fn averaging(layers: &[&Layer], single: bool) -> Layer {
    let k = layers.len() as f32;
    let outputs = layers[0].outputs;
    let inputs = if single {
        layers[0].inputs
    } else {
        layers.iter().map(|l| l.inputs).sum()
    };
    let mut weights = Vec::with_capacity(inputs * outputs);
    for o in 0..outputs {
        let rows = layers
            .iter()
            .map(|l| &l.weights[o * l.inputs..(o + 1) * l.inputs]);
        if single {
            let mut sum = vec![0.0f32; inputs];
            rows.for_each(|r| sum.iter_mut().zip(r).for_each(|(s, w)| *s += w));
            weights.extend(sum.iter().map(|s| s / k));
        } else {
            rows.for_each(|r| weights.extend(r.iter().map(|w| w / k)));
        }
    }
    let biases = (0..outputs)
        .map(|o| layers.iter().map(|l| l.biases[o]).sum::<f32>() / k)
        .collect();
    Layer {
        inputs,
        outputs,
        weights,
        biases,
    }
}

/// One network whose output is the mean of `members`' outputs (up to the
/// order floats are summed in). Members must share their inputs, outputs,
/// depth and standardisation (the same training data); their hidden sizes
/// may differ. One member is returned as it is.
pub fn mean_network(members: &[Mlp]) -> Result<Mlp, EnsembleError> {
    let first = members.first().ok_or(EnsembleError::Empty)?;
    if let Some((i, what)) = members
        .iter()
        .enumerate()
        .skip(1)
        .find_map(|(i, m)| mismatch(first, m).map(|w| (i, w)))
    {
        return Err(EnsembleError::Mismatch(i, what));
    }
    if members.len() == 1 {
        return Ok(first.clone());
    }
    let depth = first.layers.len();
    let layers = (0..depth)
        .map(|d| {
            let at: Vec<&Layer> = members.iter().map(|m| &m.layers[d]).collect();
            if d + 1 == depth {
                averaging(&at, depth == 1)
            } else {
                side_by_side(&at, d == 0)
            }
        })
        .collect();
    Ok(Mlp {
        layers,
        packed: None,
        ..first.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A network of `sizes` with weights from a simple generator.
    fn network(sizes: &[usize], seed: u32) -> Mlp {
        let mut m = Mlp::zeros(sizes);
        let mut s = seed;
        let mut next = || {
            s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (s >> 8) as f32 / (1u32 << 24) as f32 - 0.5
        };
        m.in_mean = (0..sizes[0]).map(|i| i as f32 * 0.1).collect();
        m.in_scale = (0..sizes[0]).map(|i| 1.0 + i as f32 * 0.2).collect();
        for l in &mut m.layers {
            l.weights.iter_mut().for_each(|w| *w = next());
            l.biases.iter_mut().for_each(|b| *b = next());
        }
        let n_out = m.outputs();
        m.out_scale = (0..n_out).map(|i| 2.0 + i as f32).collect();
        m.out_mean = (0..n_out).map(|i| -(i as f32)).collect();
        m
    }

    fn run(m: &Mlp, x: &[f32]) -> Vec<f32> {
        let mut out = vec![0.0; m.outputs()];
        m.forward(x, &mut out, &mut Default::default());
        out
    }

    #[test]
    fn the_merged_network_gives_the_members_mean() {
        for sizes in [vec![5, 4, 3, 2], vec![5, 6, 2], vec![5, 2]] {
            let members: Vec<Mlp> = (1..=3).map(|s| network(&sizes, s * 77)).collect();
            let merged = mean_network(&members).expect("same shapes and data");
            assert_eq!((merged.inputs(), merged.outputs()), (5, 2));
            for x in [[0.3, -1.0, 2.0, 0.0, 0.5], [1.0, 1.0, -0.2, 4.0, -3.0]] {
                let got = run(&merged, &x);
                let want: Vec<f32> = (0..2)
                    .map(|o| members.iter().map(|m| run(m, &x)[o]).sum::<f32>() / 3.0)
                    .collect();
                for (g, w) in got.iter().zip(&want) {
                    assert!((g - w).abs() < 1e-5, "{sizes:?}: {got:?} vs {want:?}");
                }
                // Not a copy of one member.
                assert!(members.iter().all(|m| run(m, &x) != got), "{sizes:?}");
            }
            // The merged network survives its weights file.
            assert_eq!(Mlp::from_bytes(&merged.to_bytes()), Ok(Some(merged)));
        }
    }

    #[test]
    fn members_of_other_data_or_shape_are_refused_and_one_is_kept() {
        let a = network(&[5, 4, 2], 1);
        assert_eq!(mean_network(&[]), Err(EnsembleError::Empty));
        assert_eq!(mean_network(std::slice::from_ref(&a)), Ok(a.clone()));
        let mut other_data = network(&[5, 4, 2], 2);
        other_data.in_mean[0] += 1.0;
        assert!(matches!(
            mean_network(&[a.clone(), other_data]),
            Err(EnsembleError::Mismatch(1, w)) if w.contains("input standardisation")
        ));
        let deeper = network(&[5, 4, 4, 2], 3);
        assert!(matches!(
            mean_network(&[a.clone(), a.clone(), deeper]),
            Err(EnsembleError::Mismatch(2, _))
        ));
        // Hidden sizes may differ.
        assert!(mean_network(&[a, network(&[5, 7, 2], 4)]).is_ok());
    }
}
