//! `posewire.v1.SceneService`: the space's objects. Requests are checked
//! here and applied by the real-time loop between ticks.

use std::sync::Arc;

use pb::scene_service_server::SceneService;
use posewire_proto::v1 as pb;
use posewire_solver::physics::grab::Hand;
use posewire_solver::physics::tool::{check_grip, sword_grip, StickSpec};
use tonic::{Request, Response, Status};

use crate::serve::object_commands::{ObjectChange, ToolChoice};
use crate::serve::object_convert::{object_id, spec, status, transform};
use crate::serve::object_hulls::read_hull;
use crate::serve::request_ranges;
use crate::serve::state::Shared;

/// The service.
#[derive(Debug)]
pub struct Scene {
    shared: Arc<Shared>,
}

impl Scene {
    /// Over the daemon's state.
    pub fn new(shared: Arc<Shared>) -> Scene {
        Scene { shared }
    }

    async fn one(&self, change: ObjectChange) -> Result<Response<pb::SceneObject>, Status> {
        self.shared
            .live
            .objects(change)
            .await?
            .pop()
            .map(|o| self.named(Response::new(o)))
            .ok_or_else(|| Status::internal("the loop answered no object"))
    }

    /// An answer with its hull's file and mesh named.
    fn named(&self, mut answer: Response<pb::SceneObject>) -> Response<pb::SceneObject> {
        self.shared
            .hulls
            .fill(std::slice::from_mut(answer.get_mut()));
        answer
    }
}

/// The hand a request names.
fn hand(device: pb::Device) -> Result<Hand, Status> {
    match device {
        pb::Device::LeftHand => Ok(Hand::Left),
        pb::Device::RightHand => Ok(Hand::Right),
        _ => Err(Status::invalid_argument(
            "`hand` must be DEVICE_LEFT_HAND or DEVICE_RIGHT_HAND",
        )),
    }
}

/// The tool an AttachTool request names, its fields checked.
fn tool(tool: Option<pb::attach_tool_request::Tool>) -> Result<ToolChoice, Status> {
    use pb::attach_tool_request::Tool;
    match tool {
        None => Err(Status::invalid_argument(
            "give the tool: `object_id` or `stick`",
        )),
        Some(Tool::ObjectId(id)) => Ok(ToolChoice::Object(object_id(&id)?)),
        Some(Tool::Stick(s)) => {
            let stick = StickSpec {
                name: s.name,
                length_m: s.length_m,
                radius_m: s.radius_m,
                mass_kg: s.mass_kg,
                // Beyond usize reads as too many (refused by the check).
                segments: usize::try_from(s.segments).unwrap_or(usize::MAX),
                stiffness_n_m_per_rad: s.stiffness_n_m_per_rad,
                damping_n_m_s_per_rad: s.damping_n_m_s_per_rad,
            };
            stick.check().map_err(|e| status(&e))?;
            Ok(ToolChoice::Stick(stick))
        }
    }
}

impl Scene {
    /// A request's pose position: within the workspace
    /// (`devices.workspace_radius_m`).
    fn in_workspace(&self, pose: Option<&pb::Pose>) -> Result<(), Status> {
        let radius = self.shared.gate.workspace_radius_m;
        request_ranges::position(
            pose.and_then(|p| p.position.as_ref()),
            "`pose.position`",
            radius,
        )
        .map(|_| ())
    }
}

#[tonic::async_trait]
impl SceneService for Scene {
    async fn add_object(
        &self,
        request: Request<pb::AddObjectRequest>,
    ) -> Result<Response<pb::SceneObject>, Status> {
        let req = request.into_inner();
        self.in_workspace(req.pose.as_ref())?;
        let source = match req.shape.as_ref().and_then(|s| s.kind.as_ref()) {
            Some(pb::shape::Kind::MeshHull(h)) => Some(h.clone()),
            _ => None,
        };
        let hull = match &source {
            Some(h) => {
                let (shared, h) = (self.shared.clone(), h.clone());
                Some(super::blocking::blocking(move || read_hull(&shared.models, &h)).await?)
            }
            None => None,
        };
        let spec = spec(&req, hull)?;
        let added = self.one(ObjectChange::Add(Box::new(spec))).await?;
        if let Some(h) = &source {
            self.shared.hulls.insert(&added.get_ref().id, h);
        }
        Ok(self.named(added))
    }

    async fn remove_object(
        &self,
        request: Request<pb::RemoveObjectRequest>,
    ) -> Result<Response<pb::RemoveObjectResponse>, Status> {
        let named = request.into_inner().id;
        let id = object_id(&named)?;
        self.shared.live.objects(ObjectChange::Remove(id)).await?;
        self.shared.hulls.remove(&named);
        Ok(Response::new(pb::RemoveObjectResponse {}))
    }

    async fn list_objects(
        &self,
        _request: Request<pb::ListObjectsRequest>,
    ) -> Result<Response<pb::ListObjectsResponse>, Status> {
        let own = self.shared.live.objects(ObjectChange::List).await;
        let Some(link) = &self.shared.cluster else {
            let mut objects = own?;
            self.shared.hulls.fill(&mut objects);
            return Ok(Response::new(pb::ListObjectsResponse { objects }));
        };
        // In a shared space: this node's objects (none on a relay, which
        // has no world), then the other nodes' as `NODE/ID`.
        let mut objects = match own {
            Ok(objects) => objects,
            Err(e) if e.code() == tonic::Code::FailedPrecondition => Vec::new(),
            Err(e) => return Err(e),
        };
        self.shared.hulls.fill(&mut objects);
        objects.extend(crate::serve::cluster::objects::remote_scene_objects(
            link.remote.objects(std::time::Instant::now()),
        ));
        Ok(Response::new(pb::ListObjectsResponse { objects }))
    }

    async fn set_object_pose(
        &self,
        request: Request<pb::SetObjectPoseRequest>,
    ) -> Result<Response<pb::SceneObject>, Status> {
        let req = request.into_inner();
        let id = object_id(&req.id)?;
        self.in_workspace(req.pose.as_ref())?;
        let pose = transform(req.pose.as_ref(), "pose")?;
        let velocity = [
            request_ranges::speed(req.linear_velocity.as_ref(), "linear_velocity")?,
            request_ranges::speed(req.angular_velocity.as_ref(), "angular_velocity")?,
        ];
        self.one(ObjectChange::SetPose { id, pose, velocity }).await
    }

    async fn grab_object(
        &self,
        request: Request<pb::GrabObjectRequest>,
    ) -> Result<Response<pb::SceneObject>, Status> {
        let req = request.into_inner();
        let hand = hand(req.hand())?;
        let id = object_id(&req.object_id)?;
        self.one(ObjectChange::Grab {
            avatar: req.avatar_id,
            hand,
            id,
        })
        .await
    }

    async fn release_object(
        &self,
        request: Request<pb::ReleaseObjectRequest>,
    ) -> Result<Response<pb::SceneObject>, Status> {
        let req = request.into_inner();
        let id = object_id(&req.object_id)?;
        let velocity = match (&req.linear_velocity, &req.angular_velocity) {
            (None, None) => None,
            (lin, ang) => Some([
                request_ranges::speed(lin.as_ref(), "linear_velocity")?,
                request_ranges::speed(ang.as_ref(), "angular_velocity")?,
            ]),
        };
        self.one(ObjectChange::Release { id, velocity }).await
    }

    async fn attach_tool(
        &self,
        request: Request<pb::AttachToolRequest>,
    ) -> Result<Response<pb::AttachToolResponse>, Status> {
        let req = request.into_inner();
        let hand = hand(req.hand())?;
        let grip = match req.grip.as_ref() {
            None => sword_grip(hand),
            Some(g) => transform(Some(g), "grip")?,
        };
        check_grip(&grip).map_err(|e| status(&e))?;
        let tool = tool(req.tool)?;
        let objects = self
            .shared
            .live
            .objects(ObjectChange::AttachTool {
                avatar: req.avatar_id,
                hand,
                grip,
                tool,
            })
            .await?;
        Ok(Response::new(pb::AttachToolResponse { objects }))
    }
}
