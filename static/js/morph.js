// morph.js: a frame redraws #room-main by changing only what differs from
// the page as drawn. Replacing the whole box (innerHTML) made the browser
// build, style and lay out every node of the board again for each move,
// the heaviest work a phone did in a match, and restarted every running
// animation; most of a frame is what the page already shows.
//
// The result is the same page the new markup would make: nodes that differ
// are replaced or brought to the new markup's attributes, and form fields
// are set back to what the markup says (keep.js then puts back what the
// player typed or chose, as it did when every node was new).
(function () {
  "use strict";

  // same says whether a and b have the same attributes.
  function sameAttrs(a, b) {
    if (a.attributes.length !== b.attributes.length) { return false; }
    for (var i = 0; i < b.attributes.length; i++) {
      var at = b.attributes[i];
      if (a.getAttributeNS(at.namespaceURI, at.localName) !== at.value) { return false; }
    }
    return true;
  }

  // takeAttrs gives el exactly the attributes of from.
  function takeAttrs(el, from) {
    for (var i = el.attributes.length - 1; i >= 0; i--) {
      var at = el.attributes[i];
      if (!from.hasAttributeNS(at.namespaceURI, at.localName)) { el.removeAttributeNS(at.namespaceURI, at.localName); }
    }
    for (var k = 0; k < from.attributes.length; k++) {
      var nt = from.attributes[k];
      if (el.getAttributeNS(nt.namespaceURI, nt.localName) !== nt.value) { el.setAttributeNS(nt.namespaceURI, nt.name, nt.value); }
    }
  }

  // children makes box's child nodes those of next, which it empties.
  // Walking from the end, a node taken from next (a live list) leaves the
  // places still to visit where they were.
  function children(box, next) {
    var a = box.childNodes, b = next.childNodes;
    if (a.length !== b.length) {
      box.replaceChildren.apply(box, Array.prototype.slice.call(b));
      return;
    }
    for (var i = b.length - 1; i >= 0; i--) {
      var o = a[i], n = b[i];
      if (o.nodeType === 3 && n.nodeType === 3) {
        if (o.data !== n.data) { o.data = n.data; }
      } else if (o.nodeType !== 1 || o.nodeName !== n.nodeName || o.nodeName === "TEMPLATE") {
        // A template's content is not among its child nodes: it is
        // compared, and taken, whole.
        if (!(o.nodeName === "TEMPLATE" && o.isEqualNode(n) && o.innerHTML === n.innerHTML)) { box.replaceChild(n, o); }
      } else if (!o.isEqualNode(n)) {
        if (!sameAttrs(o, n)) { takeAttrs(o, n); }
        children(o, n);
      }
    }
  }

  // asDrawn sets every field under box back to its markup's value, as a
  // freshly drawn field has it.
  function asDrawn(box) {
    Array.prototype.forEach.call(box.querySelectorAll("input,textarea,select"), function (el) {
      if (el.tagName === "SELECT") {
        Array.prototype.forEach.call(el.options, function (o) { o.selected = o.defaultSelected; });
      } else if (el.type === "checkbox" || el.type === "radio") {
        el.checked = el.defaultChecked;
      } else if (el.type !== "file" && el.value !== el.defaultValue) {
        el.value = el.defaultValue;
      }
    });
  }

  // morph redraws box as html draws it.
  window.topsecretMorph = function (box, html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    children(box, t.content);
    asDrawn(box);
  };
})();
