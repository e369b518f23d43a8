// "Ask the rules": a form on a rule's page whose answers the build worked out by running the
// rule on every combination of its inputs (pipeline/rules/ask.py). Picking an input shows the
// block that answers the combination picked; nothing is computed here but its index.
document.addEventListener("change", function (event) {
  var select = event.target.closest && event.target.closest("select[data-folio-ask-input]");
  var form = select && select.closest("[data-folio-ask]");
  if (!form) return;
  var strides = form.getAttribute("data-folio-strides").split(" ");
  var answers = form.getAttribute("data-folio-answers").split(" ");
  var index = 0;
  form.querySelectorAll("select[data-folio-ask-input]").forEach(function (input) {
    index += Number(input.value) * Number(strides[Number(input.getAttribute("data-folio-ask-input"))]);
  });
  var wanted = answers[index];
  form.querySelectorAll("[data-folio-answer]").forEach(function (answer) {
    answer.hidden = answer.getAttribute("data-folio-answer") !== wanted;
  });
});
