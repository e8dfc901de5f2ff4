//! Finding the workflow a JSON call names by its id, so the work on it can use its types.

use crate::workflows::{visit_all, Workflow, WorkflowVisitor};

/// Work on one workflow, given its type once [`with_workflow`] has found it.
pub(super) trait WorkflowWork {
    type Output;
    fn run<W: Workflow>(self) -> Self::Output;
}

/// Does `work` on the workflow whose id is `workflow_id`; `None` when no workflow has it.
pub(super) fn with_workflow<T: WorkflowWork>(workflow_id: &str, work: T) -> Option<T::Output> {
    struct Find<'a, T: WorkflowWork> {
        id: &'a str,
        work: Option<T>,
        found: Option<T::Output>,
    }
    impl<T: WorkflowWork> WorkflowVisitor for Find<'_, T> {
        fn visit<W: Workflow>(&mut self) {
            if W::ID != self.id {
                return;
            }
            // The first workflow with the id does the work; ids are unique anyway.
            if let Some(work) = self.work.take() {
                self.found = Some(work.run::<W>());
            }
        }
    }
    let mut find = Find {
        id: workflow_id,
        work: Some(work),
        found: None,
    };
    visit_all(&mut find);
    find.found
}
