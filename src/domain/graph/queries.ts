/**
 * tree-sitter queries that extract a file's facts, one per language. Capture names:
 *   @def.<kind> the definition node, with @name, and optionally @params, @ret, @body
 *   @export     a declaration that is exported (TS/JS `export …`)
 *   @ref.call / @ref.type  a use of @name (with @qualifier for `pkg.Name(…)`, `mod::name`)
 *   @ref.read   an identifier in an expression (kept only when it names an import or a top-level symbol)
 *   @import     an import statement, with @module, @import.name / @import.alias, @import.namespace,
 *               @import.default, @import.reexport (export … from), @import.wildcard
 * Definitions of kind `impl` only give their methods a container.
 */

const jsCommon = `
(function_declaration name: (identifier) @name parameters: (formal_parameters) @params body: (statement_block) @body) @def.function
(generator_function_declaration name: (identifier) @name parameters: (formal_parameters) @params body: (statement_block) @body) @def.function
(class_declaration name: (_) @name body: (class_body) @body) @def.class
(method_definition name: (property_identifier) @name parameters: (formal_parameters) @params body: (statement_block) @body) @def.method
(lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function parameters: (formal_parameters) @params body: (_) @body) (function_expression parameters: (formal_parameters) @params body: (statement_block) @body)])) @def.function
(program (lexical_declaration (variable_declarator name: (identifier) @name value: [(number) (string) (template_string) (object) (array) (call_expression) (new_expression) (identifier) (member_expression) (true) (false) (binary_expression)])) @def.constant)
(export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name value: [(number) (string) (template_string) (object) (array) (call_expression) (new_expression) (identifier) (member_expression) (true) (false) (binary_expression)])) @def.constant)
(export_statement declaration: (_) @export)
(export_statement (export_clause (export_specifier name: (identifier) @name)) !source) @export.name
(call_expression function: (identifier) @name) @ref.call
(call_expression function: (member_expression object: (identifier) @qualifier property: (property_identifier) @name)) @ref.call
(new_expression constructor: (identifier) @name) @ref.call
(expression_statement (identifier) @name) @ref.read
(arguments (identifier) @name) @ref.read
(variable_declarator value: (identifier) @name) @ref.read
(binary_expression [left: (identifier) @name right: (identifier) @name]) @ref.read
(return_statement (identifier) @name) @ref.read
(member_expression object: (identifier) @name) @ref.read
(member_expression object: (identifier) @qualifier property: (property_identifier) @name) @ref.read
(import_statement source: (string (string_fragment) @module)) @import
(import_statement (import_clause (named_imports (import_specifier name: (identifier) @import.name alias: (identifier)? @import.alias))) source: (string (string_fragment) @module)) @import
(import_statement (import_clause (identifier) @import.default) source: (string (string_fragment) @module)) @import
(import_statement (import_clause (namespace_import (identifier) @import.namespace)) source: (string (string_fragment) @module)) @import
(export_statement (export_clause (export_specifier name: (identifier) @import.reexport alias: (identifier)? @import.alias)) source: (string (string_fragment) @module)) @import
(export_statement "*" source: (string (string_fragment) @module) @import.wildcard) @import
(call_expression function: (identifier) @_require (#eq? @_require "require") arguments: (arguments (string (string_fragment) @module))) @import
`

const tsOnly = `
(function_signature name: (identifier) @name parameters: (formal_parameters) @params) @def.function
(abstract_class_declaration name: (type_identifier) @name body: (class_body) @body) @def.class
(interface_declaration name: (type_identifier) @name body: (_) @body) @def.interface
(type_alias_declaration name: (type_identifier) @name) @def.type
(enum_declaration name: (identifier) @name body: (enum_body) @body) @def.enum
(internal_module name: (_) @name body: (statement_block) @body) @def.namespace
(module name: (_) @name body: (statement_block) @body) @def.namespace
(method_signature name: (property_identifier) @name parameters: (formal_parameters) @params) @def.method
(abstract_method_signature name: (property_identifier) @name parameters: (formal_parameters) @params) @def.method
(type_annotation (type_identifier) @name) @ref.type
(type_arguments (type_identifier) @name) @ref.type
(extends_clause value: (identifier) @name) @ref.type
(implements_clause (type_identifier) @name) @ref.type
(extends_type_clause type: (type_identifier) @name) @ref.type
(union_type (type_identifier) @name) @ref.type
(type_alias_declaration value: (type_identifier) @name) @ref.type
`

const jsOnly = `
(class_heritage (identifier) @name) @ref.type
`

const python = `
(function_definition name: (identifier) @name parameters: (parameters) @params return_type: (_)? @ret body: (block) @body) @def.function
(class_definition name: (identifier) @name body: (block) @body) @def.class
(expression_statement (assignment left: (identifier) @name)) @def.constant
(expression_statement (assignment left: [(pattern_list) (tuple_pattern)] [(identifier) @name (list_splat_pattern (identifier) @name)])) @def.constant
(assignment left: (attribute object: (identifier) @_self (#eq? @_self "self") attribute: (identifier) @name)) @def.variable
(call function: (identifier) @name) @ref.call
(call function: (attribute object: [(identifier) (attribute) (call function: (identifier) @_super (#eq? @_super "super"))] @qualifier attribute: (identifier) @name)) @ref.call
(call function: (attribute object: (call function: [(identifier) (attribute)] @_callee (#not-eq? @_callee "super")) @qualifier attribute: (identifier) @name)) @ref.call
(attribute object: [(identifier) (attribute)] @qualifier attribute: (identifier) @name) @ref.read
(attribute object: (call function: (identifier) @_super (#eq? @_super "super")) @qualifier attribute: (identifier) @name) @ref.read
(attribute object: (call function: [(identifier) (attribute)] @_callee (#not-eq? @_callee "super")) @qualifier attribute: (identifier) @name) @ref.read
(identifier) @ref.read
(type (identifier) @name) @ref.type
(class_definition superclasses: (argument_list (identifier) @name)) @ref.type
(keyword_argument name: (identifier) @skip)
(attribute attribute: (identifier) @skip)
(dotted_name (identifier) @skip)
(aliased_import alias: (identifier) @skip)
(global_statement (identifier) @global)
(assignment left: [(attribute attribute: (identifier) @write) (pattern_list (attribute attribute: (identifier) @write)) (tuple_pattern (attribute attribute: (identifier) @write))])
(nonlocal_statement (identifier) @skip)
[(function_definition) (lambda) (list_comprehension) (set_comprehension) (dictionary_comprehension) (generator_expression)] @scope
(parameters [(identifier) @local (default_parameter name: (identifier) @local) (typed_default_parameter name: (identifier) @local)
  (typed_parameter [(identifier) @local (list_splat_pattern (identifier) @local) (dictionary_splat_pattern (identifier) @local)])
  (list_splat_pattern (identifier) @local) (dictionary_splat_pattern (identifier) @local)])
(lambda_parameters [(identifier) @local (default_parameter name: (identifier) @local) (typed_default_parameter name: (identifier) @local)
  (typed_parameter [(identifier) @local (list_splat_pattern (identifier) @local) (dictionary_splat_pattern (identifier) @local)])
  (list_splat_pattern (identifier) @local) (dictionary_splat_pattern (identifier) @local)])
(assignment left: [(identifier) @local (pattern_list (identifier) @local) (tuple_pattern (identifier) @local) (list_pattern (identifier) @local) (pattern_list (list_splat_pattern (identifier) @local))])
(augmented_assignment left: (identifier) @local)
(for_statement left: [(identifier) @local (pattern_list (identifier) @local) (tuple_pattern (identifier) @local)])
(for_in_clause left: [(identifier) @local (pattern_list (identifier) @local) (tuple_pattern (identifier) @local)])
(as_pattern_target (identifier) @local)
(named_expression name: (identifier) @local)
(typed_parameter (identifier) @typed.name type: (type) @typed.type)
(typed_default_parameter name: (identifier) @typed.name type: (type) @typed.type)
(assignment left: (identifier) @typed.name type: (type) @typed.type)
(assignment left: (identifier) @typed.name !type right: (call function: [(identifier) (attribute)] @typed.call))
(import_statement name: (dotted_name) @module) @import
(import_statement name: (aliased_import name: (dotted_name) @module alias: (identifier) @import.namespace)) @import
(import_from_statement module_name: [(dotted_name) (relative_import)] @module name: (dotted_name) @import.name) @import
(import_from_statement module_name: [(dotted_name) (relative_import)] @module name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias)) @import
(import_from_statement module_name: [(dotted_name) (relative_import)] @module (wildcard_import) @import.wildcard) @import
`

const rust = `
(function_item name: (identifier) @name parameters: (parameters) @params return_type: (_)? @ret body: (block) @body) @def.function
(function_signature_item name: (identifier) @name parameters: (parameters) @params return_type: (_)? @ret) @def.function
(struct_item name: (type_identifier) @name body: (_)? @body) @def.struct
(enum_item name: (type_identifier) @name body: (enum_variant_list) @body) @def.enum
(trait_item name: (type_identifier) @name body: (declaration_list) @body) @def.trait
(type_item name: (type_identifier) @name) @def.type
(const_item name: (identifier) @name) @def.constant
(static_item name: (identifier) @name) @def.constant
(mod_item name: (identifier) @name body: (declaration_list) @body) @def.module
(macro_definition name: (identifier) @name) @def.macro
(impl_item type: [(type_identifier) @name (generic_type type: (type_identifier) @name)] body: (declaration_list) @body) @def.impl
(call_expression function: (identifier) @name) @ref.call
(call_expression function: (scoped_identifier path: (_) @qualifier name: (identifier) @name)) @ref.call
(call_expression function: (field_expression field: (field_identifier) @name)) @ref.call
(macro_invocation macro: (identifier) @name) @ref.call
(type_identifier) @name @ref.type
(arguments (identifier) @name) @ref.read
(mod_item name: (identifier) @module !body) @import
(use_declaration argument: (_) @module) @import
`

const go = `
(function_declaration name: (identifier) @name parameters: (parameter_list) @params result: (_)? @ret body: (block) @body) @def.function
(method_declaration receiver: (parameter_list (parameter_declaration type: [(type_identifier) @receiver (pointer_type (type_identifier) @receiver) (generic_type type: (type_identifier) @receiver) (pointer_type (generic_type type: (type_identifier) @receiver))])) name: (field_identifier) @name parameters: (parameter_list) @params result: (_)? @ret body: (block) @body) @def.method
(type_declaration (type_spec name: (type_identifier) @name type: (struct_type) @body)) @def.struct
(type_declaration (type_spec type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name type: (_) @ret) @def.property))))
(type_declaration (type_spec name: (type_identifier) @name type: (interface_type) @body)) @def.interface
(type_declaration (type_spec name: (type_identifier) @name type: [(type_identifier) (qualified_type) (map_type) (slice_type) (function_type) (pointer_type) (array_type) (channel_type) (generic_type)])) @def.type
(type_declaration (type_alias name: (type_identifier) @name)) @def.type
(method_elem name: (field_identifier) @name parameters: (parameter_list) @params result: (_)? @ret) @def.method
(source_file (const_declaration (const_spec name: (identifier) @name)) @def.constant)
(source_file (var_declaration (var_spec name: (identifier) @name)) @def.variable)
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @def.variable)))
(call_expression function: (identifier) @name) @ref.call
(call_expression function: (selector_expression operand: (_) @qualifier field: (field_identifier) @name)) @ref.call
(type_identifier) @name @ref.type
(qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) @ref.type
(selector_expression operand: (identifier) @qualifier field: (field_identifier) @name) @ref.read
(identifier) @ref.read
(composite_literal type: [(type_identifier) (qualified_type) (generic_type)] body: (literal_value (keyed_element key: (literal_element (identifier) @skip))))
(composite_literal type: (type_identifier) @qualifier body: (literal_value (keyed_element key: (literal_element (identifier) @name)))) @ref.read
(composite_literal type: (qualified_type) @qualifier body: (literal_value (keyed_element key: (literal_element (identifier) @name)))) @ref.read
(literal_element (literal_value (keyed_element key: (literal_element (identifier) @skip))))
[(function_declaration) (method_declaration) (func_literal) (for_statement)] @scope
(parameter_declaration name: (identifier) @local)
(variadic_parameter_declaration name: (identifier) @local)
(short_var_declaration left: (expression_list (identifier) @local))
(var_spec name: (identifier) @local)
(const_spec name: (identifier) @local)
(range_clause left: (expression_list (identifier) @local))
(type_switch_statement alias: (expression_list (identifier) @local))
(receive_statement left: (expression_list (identifier) @local))
(parameter_declaration name: (identifier) @typed.name type: (_) @typed.type)
(variadic_parameter_declaration name: (identifier) @typed.name type: (_) @typed.variadic)
(range_clause left: (expression_list . (identifier) @range.key) right: (identifier) @range.over)
(range_clause left: (expression_list . (_) . (identifier) @range.value) right: (identifier) @range.over)
(short_var_declaration left: (expression_list . (identifier) @typed.name) right: (expression_list . (call_expression function: (identifier) @_make (#eq? @_make "make") arguments: (argument_list . (_) @typed.type))))
(var_spec name: (identifier) @typed.name type: (_) @typed.type)
(short_var_declaration left: (expression_list . (identifier) @typed.name) right: (expression_list . (call_expression function: [(identifier) (selector_expression)] @typed.call (#not-match? @typed.call "^(make|new|len|cap|append|copy|min|max|complex|real|imag)$"))))
(short_var_declaration left: (expression_list . (identifier) @typed.name) right: (expression_list . [(composite_literal type: (_) @typed.type) (unary_expression operand: (composite_literal type: (_) @typed.type)) (type_assertion_expression type: (_) @typed.type)]))
(import_spec name: (package_identifier)? @import.namespace path: (interpreted_string_literal) @module) @import
(var_spec name: (identifier) @typed.name !type value: (expression_list . (composite_literal type: (_) @typed.type)))
(range_clause left: (expression_list . (_) . (identifier) @range.value) right: (composite_literal type: (_) @range.literal))
(struct_type (field_declaration_list (field_declaration name: (field_identifier) @anon.field) @anon.decl)) @anon.struct
(composite_literal type: (struct_type) @anon.type body: (literal_value (keyed_element key: (literal_element (identifier) @anon.key))))
(composite_literal type: [(slice_type) (array_type) (implicit_length_array_type)] @anon.outer body: (literal_value (literal_element (literal_value (keyed_element key: (literal_element (identifier) @anon.key))))))
(composite_literal type: [(map_type) (slice_type) (array_type) (implicit_length_array_type)] @anon.outer body: (literal_value (keyed_element value: (literal_element (literal_value (keyed_element key: (literal_element (identifier) @anon.key)))))))
`

const java = `
(class_declaration name: (identifier) @name body: (class_body) @body) @def.class
(interface_declaration name: (identifier) @name body: (interface_body) @body) @def.interface
(enum_declaration name: (identifier) @name body: (enum_body) @body) @def.enum
(record_declaration name: (identifier) @name body: (class_body) @body) @def.class
(method_declaration type: (_) @ret name: (identifier) @name parameters: (formal_parameters) @params body: (block)? @body) @def.method
(constructor_declaration name: (identifier) @name parameters: (formal_parameters) @params body: (constructor_body) @body) @def.method
(method_invocation name: (identifier) @name) @ref.call
(method_invocation object: (identifier) @qualifier name: (identifier) @name) @ref.call
(object_creation_expression type: (type_identifier) @name) @ref.call
(type_identifier) @name @ref.type
(argument_list (identifier) @name) @ref.read
(import_declaration (scoped_identifier) @module) @import
(import_declaration (scoped_identifier) @module (asterisk) @import.wildcard) @import
`

const cCommon = `
(function_definition type: (_) @ret declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @params) body: (compound_statement) @body) @def.function
(function_definition type: (_) @ret declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @params)) body: (compound_statement) @body) @def.function
(declaration type: (_) @ret declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list) @params)) @def.function
(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @def.struct
(enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @def.enum
(type_definition declarator: (type_identifier) @name) @def.type
(preproc_def name: (identifier) @name) @def.macro
(preproc_function_def name: (identifier) @name) @def.macro
(call_expression function: (identifier) @name) @ref.call
(type_identifier) @name @ref.type
(argument_list (identifier) @name) @ref.read
(preproc_include path: (string_literal (string_content) @module)) @import
`

const cppOnly = `
(function_definition declarator: (function_declarator declarator: (qualified_identifier scope: (namespace_identifier) @receiver name: (identifier) @name) parameters: (parameter_list) @params) body: (compound_statement) @body) @def.method
(function_definition declarator: (function_declarator declarator: (field_identifier) @name parameters: (parameter_list) @params) body: (compound_statement) @body) @def.method
(field_declaration declarator: (function_declarator declarator: (field_identifier) @name parameters: (parameter_list) @params)) @def.method
(class_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @def.class
(namespace_definition name: (namespace_identifier) @name body: (declaration_list) @body) @def.namespace
(call_expression function: (qualified_identifier scope: (namespace_identifier) @qualifier name: (identifier) @name)) @ref.call
(call_expression function: (field_expression field: (field_identifier) @name)) @ref.call
`

const ruby = `
(module name: [(constant) @name (scope_resolution name: (_) @name)] body: (body_statement)? @body) @def.module
(class name: [(constant) @name (scope_resolution name: (_) @name)] superclass: (superclass)? body: (body_statement)? @body) @def.class
(call method: (identifier) @_attr (#any-of? @_attr "attr_reader" "attr_writer" "attr_accessor") arguments: (argument_list (simple_symbol) @name)) @def.method
(method name: (_) @name parameters: (method_parameters)? @params body: (body_statement)? @body) @def.function
(singleton_method name: (_) @name parameters: (method_parameters)? @params body: (body_statement)? @body) @def.function
(assignment left: (constant) @name) @def.constant
(call receiver: (constant) @qualifier method: (identifier) @name) @ref.call
(call receiver: (scope_resolution name: (constant) @qualifier) method: (identifier) @name) @ref.call
(call method: (identifier) @name (#not-any-of? @name "require" "require_relative" "load")) @ref.call
(call receiver: (constant) @name) @ref.type
(superclass (constant) @name) @ref.type
(superclass (scope_resolution scope: (constant) @qualifier name: (constant) @name)) @ref.type
(call receiver: (scope_resolution scope: (constant) @qualifier name: (constant) @name)) @ref.type
(scope_resolution scope: (constant) @qualifier name: (constant) @name) @ref.read
(argument_list (constant) @name) @ref.read
(argument_list (identifier) @name) @ref.read
(call method: (identifier) @_req (#any-of? @_req "require" "require_relative" "load") arguments: (argument_list . (string . (string_content) @module .))) @import
`

const csharp = `
(namespace_declaration name: (_) @name body: (declaration_list) @body) @def.namespace
(file_scoped_namespace_declaration name: (_) @name) @def.namespace
(class_declaration name: (identifier) @name body: (declaration_list) @body) @def.class
(record_declaration name: (identifier) @name) @def.class
(struct_declaration name: (identifier) @name body: (declaration_list) @body) @def.struct
(interface_declaration name: (identifier) @name body: (declaration_list) @body) @def.interface
(enum_declaration name: (identifier) @name body: (enum_member_declaration_list) @body) @def.enum
(delegate_declaration name: (identifier) @name parameters: (parameter_list) @params) @def.type
(method_declaration returns: (_) @ret name: (identifier) @name parameters: (parameter_list) @params body: (_)? @body) @def.method
(constructor_declaration name: (identifier) @name parameters: (parameter_list) @params body: (_)? @body) @def.method
(property_declaration type: (_) @ret name: (identifier) @name) @def.variable
(field_declaration (modifier) @_const (#any-of? @_const "const" "readonly") (variable_declaration (variable_declarator name: (identifier) @name))) @def.constant
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @def.variable
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @def.variable
(event_declaration name: (identifier) @name) @def.variable
(invocation_expression function: (identifier) @name) @ref.call
(invocation_expression function: (generic_name (identifier) @name)) @ref.call
(invocation_expression function: (member_access_expression expression: (identifier) @qualifier name: [(identifier) @name (generic_name (identifier) @name)])) @ref.call
(invocation_expression function: (member_access_expression name: [(identifier) @name (generic_name (identifier) @name)])) @ref.call
(object_creation_expression type: [(identifier) @name (generic_name (identifier) @name)]) @ref.call
(object_creation_expression type: (qualified_name qualifier: (_) @qualifier name: (identifier) @name)) @ref.call
(variable_declaration type: [(identifier) @name (generic_name (identifier) @name)]) @ref.type
(parameter type: [(identifier) @name (generic_name (identifier) @name)]) @ref.type
(method_declaration returns: [(identifier) @name (generic_name (identifier) @name)]) @ref.type
(property_declaration type: [(identifier) @name (generic_name (identifier) @name)]) @ref.type
(base_list [(identifier) @name (generic_name (identifier) @name)]) @ref.type
(type_argument_list (identifier) @name) @ref.type
(typeof_expression type: (identifier) @name) @ref.type
(member_access_expression expression: (identifier) @qualifier name: (identifier) @name) @ref.read
(member_access_expression expression: (identifier) @name) @ref.read
(argument (identifier) @name) @ref.read
(using_directive !name [(qualified_name) (identifier)] @module) @import
(using_directive name: (identifier) @import.namespace (qualified_name) @module) @import
`

const php = `
(namespace_definition name: (namespace_name) @name body: (compound_statement)? @body) @def.namespace
(class_declaration name: (name) @name body: (declaration_list) @body) @def.class
(interface_declaration name: (name) @name body: (declaration_list) @body) @def.interface
(trait_declaration name: (name) @name body: (declaration_list) @body) @def.trait
(enum_declaration name: (name) @name body: (enum_declaration_list) @body) @def.enum
(method_declaration name: (name) @name parameters: (formal_parameters) @params return_type: (_)? @ret body: (compound_statement)? @body) @def.method
(function_definition name: (name) @name parameters: (formal_parameters) @params return_type: (_)? @ret body: (compound_statement) @body) @def.function
(const_declaration (const_element (name) @name)) @def.constant
(property_declaration (property_element name: (variable_name (name) @name))) @def.variable
(function_call_expression function: (name) @name) @ref.call
(function_call_expression function: (qualified_name (name) @name .)) @ref.call
(scoped_call_expression scope: (name) @qualifier name: (name) @name) @ref.call
(scoped_call_expression scope: (name) @name (#not-any-of? @name "static" "self" "parent")) @ref.type
(member_call_expression name: (name) @name) @ref.call
(nullsafe_member_call_expression name: (name) @name) @ref.call
(object_creation_expression (name) @name (#not-any-of? @name "static" "self" "parent")) @ref.call
(object_creation_expression (qualified_name (name) @name .)) @ref.call
(named_type (name) @name (#not-any-of? @name "static" "self" "parent")) @ref.type
(named_type (qualified_name (name) @name .)) @ref.type
(base_clause (name) @name) @ref.type
(class_interface_clause (name) @name) @ref.type
(class_constant_access_expression . (name) @qualifier . (name) @name) @ref.read
(class_constant_access_expression . (name) @name (#not-any-of? @name "static" "self" "parent")) @ref.type
(use_declaration (name) @name) @ref.type
(argument (name) @name) @ref.read
(namespace_use_clause [(qualified_name) (name)] @module alias: (name)? @import.alias) @import
(require_once_expression [(string (string_content) @module) (binary_expression left: (name) @_dir (#eq? @_dir "__DIR__") right: (string (string_content) @module))]) @import
(require_expression [(string (string_content) @module) (binary_expression left: (name) @_dir (#eq? @_dir "__DIR__") right: (string (string_content) @module))]) @import
(include_expression [(string (string_content) @module) (binary_expression left: (name) @_dir (#eq? @_dir "__DIR__") right: (string (string_content) @module))]) @import
(include_once_expression [(string (string_content) @module) (binary_expression left: (name) @_dir (#eq? @_dir "__DIR__") right: (string (string_content) @module))]) @import
`

const kotlin = `
(class_declaration "interface" name: (identifier) @name (class_body)? @body) @def.interface
(class_declaration (modifiers (class_modifier) @_enum (#eq? @_enum "enum")) name: (identifier) @name) @def.enum
(class_declaration name: (identifier) @name [(class_body) (enum_class_body)]? @body) @def.class
(object_declaration name: (identifier) @name (class_body)? @body) @def.class
(function_declaration name: (identifier) @name (function_value_parameters) @params (function_body)? @body) @def.function
(secondary_constructor (function_value_parameters) @params) @def.method
(type_alias type: (identifier) @name) @def.type
(source_file (property_declaration "var" (variable_declaration (identifier) @name)) @def.variable)
(source_file (property_declaration (variable_declaration (identifier) @name)) @def.constant)
(class_body (property_declaration "var" (variable_declaration (identifier) @name)) @def.variable)
(class_body (property_declaration (variable_declaration (identifier) @name)) @def.constant)
(class_parameter "val" . (identifier) @name) @def.constant
(class_parameter "var" . (identifier) @name) @def.variable
(call_expression . (identifier) @name) @ref.call
(call_expression . (navigation_expression . (identifier) @qualifier . (identifier) @name .)) @ref.call
(call_expression . (navigation_expression (identifier) @name .)) @ref.call
(user_type . (identifier) @name) @ref.type
(navigation_expression . (identifier) @qualifier . (identifier) @name .) @ref.read
(navigation_expression . (identifier) @name) @ref.read
(value_argument (identifier) @name) @ref.read
(import (qualified_identifier) @module . (identifier)? @import.alias) @import
(import (qualified_identifier) @module "*" @import.wildcard) @import
`

export const graphQueries: Record<string, string> = {
  typescript: jsCommon + tsOnly,
  tsx: jsCommon + tsOnly,
  javascript: jsCommon + jsOnly,
  python,
  rust,
  go,
  java,
  c: cCommon,
  cpp: cCommon + cppOnly,
  ruby,
  csharp,
  php,
  kotlin
}
