/**
 * Português do Brasil. Termos que desenvolvedores brasileiros usam como estão (checksum, commit,
 * rollback, workspace, lock, hint, flag, symlink, parser, tx) ficam como estão. Cada código de erro
 * monta a mensagem a partir do seu contexto (src/schema/errorContexts.ts); quando a mensagem inglesa
 * carrega um detalhe que só ela tem (o texto de uma ferramenta, de um parser, de uma flag), ele vem
 * depois de dois-pontos, como veio.
 */
import type { Catalog, ErrorTexts, SymbolName, VerdictView } from "./catalog.js"
import { agree, kind, ptBRCommands } from "./ptBRCommands.js"

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const named = (w: SymbolName) => (w.kind === null ? w.name : `${kind(w.kind)} ${w.name}`)
const lines = (n: number | undefined) => (n === undefined ? "linhas" : plural(n, "linha", "linhas"))
const list = (xs: ReadonlyArray<string> | undefined) => (xs ?? []).join(", ")
const quoted = (s: string | undefined) => (s === undefined ? "" : ` ${JSON.stringify(s)}`)
const appliedBy = (by: ReadonlyArray<string>) => [...new Set(by)].join(", ")
/** Where an error of `splice apply` is: "mudança 3 (linha 17 da entrada)". */
type ChangeAt = { readonly change?: number | undefined; readonly hunk?: number | undefined; readonly input_line?: number | undefined }
const at = (c: ChangeAt) =>
  c.change === undefined ? "" : `${c.hunk !== undefined ? `hunk ${c.hunk} da ` : ""}mudança ${c.change}${c.input_line !== undefined ? ` (linha ${c.input_line} da entrada)` : ""}: `
/** A file named by the context, or the English message's subject when the context has none. */
const file = (c: { file?: string | undefined; path?: string | undefined }) => c.file ?? c.path ?? ""
/** "edição 2 de 3: " for an edit of a batch (the English message names it so: "(edit 2 of 3)"). */
const batchEdit = (edit: number | undefined, english: string) => {
  const m = /\(edit (\d+) of (\d+)\)/.exec(english)
  return m !== null ? `edição ${m[1]} de ${m[2]}: ` : edit !== undefined && edit > 1 ? `edição ${edit}: ` : ""
}
const detail = (lead: string, english: string) => `${lead}: ${english}`

const kinds: Record<string, string> = {
  directory: "um diretório",
  symlink: "um symlink",
  fifo: "um FIFO",
  socket: "um socket",
  device: "um dispositivo",
  "block device": "um dispositivo de bloco",
  "character device": "um dispositivo de caractere",
  file: "um arquivo"
}
const kindOf = (k: string | undefined) => (k === undefined ? "algo que não é um arquivo comum" : kinds[k] ?? k)

const errors: ErrorTexts = {
  "SPL-E001": {
    message: (c) => `nenhum símbolo chamado ${c.name ?? ""}${c.file !== undefined ? ` em ${c.file}` : ""}`,
    hint: (c) => (c.did_you_mean !== undefined && c.did_you_mean.length > 0 ? `Você quis dizer ${c.did_you_mean.join(" ou ")}?` : "Confira o nome do símbolo; o erro lista nomes parecidos.")
  },
  "SPL-E002": {
    message: (c) => `${plural(c.candidates?.length ?? 2, "símbolo se chama", "símbolos se chamam")} ${c.name ?? ""}`,
    hint: () => "Restrinja a busca com --file ou --kind, ou use o nome qualificado (Classe.metodo)."
  },
  "SPL-E010": {
    message: (c, english) => c.kind === "unknown_command" ? `comando desconhecido: ${english.replace(/^unknown command /, "")}` : detail("linha de comando inválida", english.replace(/^invalid command line: /, "")),
    hint: (c) => c.kind !== "unknown_command"
      ? c.candidates !== undefined && c.candidates.length > 0 && c.flag !== undefined ? `Você quis dizer ${c.candidates.join(" ou ")}? (--help lista as flags do comando)` : "Rode o comando com --help para ver as flags."
      : c.candidates !== undefined && c.candidates.length > 0 ? `Você quis dizer ${c.candidates.map((n) => `splice ${n}`).join(" ou ")}?` : "Rode splice --help para ver os comandos."
  },
  "SPL-E011": {
    message: (c) => `${at(c)}o texto a substituir está vazio${c.file !== undefined ? ` (${c.file})` : ""}; nada foi gravado`,
    hint: () => "Informe o texto exato a substituir; para gravar o arquivo inteiro, use `splice write`."
  },
  "SPL-E012": {
    message: (c) => `a entrada veio vazia${c.flag !== undefined ? ` (${c.flag})` : ""}; nada foi gravado`,
    hint: () => "Passe --allow-empty se é isso mesmo: para truncar o arquivo (`splice write`) ou apagar o texto encontrado (`splice edit --new-file -`)."
  },
  "SPL-E013": {
    message: (c) => `splice.json inválido${c.key ? ` em ${c.key}` : ""}: ${c.problem ?? ""}`,
    hint: () => "Corrija a chave indicada no splice.json (veja a seção sobre splice.json no README)."
  },
  "SPL-E014": {
    message: (c) => `caminho de chave inválido${quoted(c.key_path)}: esperava ${c.expected ?? "outra coisa"} na posição ${c.offset ?? 0}`,
    hint: () => "Escreva o caminho como a.b[0].c; ponha entre aspas a chave que tem pontos ou colchetes: servers.\"api.example.com\".port ou a[\"x.y\"]."
  },
  "SPL-E015": {
    message: (c) => `${c.file ?? ""}: não é um arquivo JSON, JSONC, TOML nem YAML (o formato vem do nome do arquivo)`,
    hint: () => "Use um arquivo terminado em .json, .jsonc, .toml, .yaml ou .yml; para outros arquivos, use `splice edit`."
  },
  "SPL-E020": {
    message: (c, english) =>
      c.workspace !== undefined ? `o workspace ${c.workspace ?? "."} não existe`
      : c.directory !== undefined ? `o diretório ${c.directory} não existe`
      : file(c) !== "" ? `${at(c)}arquivo não encontrado: ${file(c)}`
      : detail("não encontrado", english),
    hint: () => "Confira o caminho: um caminho relativo parte do diretório atual (context.file diz aonde ele levou, a partir da raiz do workspace)."
  },
  "SPL-E021": {
    message: (c) => `não foi possível ler ${file(c)}${c.errno !== undefined ? ` (${c.errno})` : ""}`,
    hint: () => "Verifique as permissões do arquivo."
  },
  "SPL-E022": {
    message: (c) => (c.tx !== undefined ? `nenhuma transação ${c.tx} no histórico` : "nada a desfazer: nenhuma transação do histórico está em efeito"),
    hint: () => "Rode `splice undo` sem id para desfazer a transação mais recente."
  },
  "SPL-E031": {
    message: (c) => `checksum incompatível em ${c.file ?? ""}: esperado ${c.expected ?? "?"}, encontrado ${c.actual ?? "?"}`,
    hint: () => "Releia o arquivo (splice read) para obter o checksum atual e tente de novo."
  },
  "SPL-E032": {
    message: (c) =>
      c.tx !== undefined && c.lock === undefined && c.path === undefined
        ? `a transação ${c.tx} ainda está presa a um splice em execução`
        : `o lock de ${c.path ?? c.lock ?? "arquivo"} não foi obtido a tempo${c.holder ? ` (em poder do processo ${c.holder.pid} em ${c.holder.host} desde ${c.holder.since})` : ""}`,
    hint: () => "Outro processo do splice está com o arquivo; tente de novo ou aumente --lock-timeout."
  },
  "SPL-E033": {
    message: (c) =>
      c.files !== undefined && c.files.length > 1
        ? `${c.files.length} arquivos já existem no destino: ${list(c.files.slice(0, 5))}${c.files.length > 5 ? ", …" : ""}`
        : `${at(c as ChangeAt)}${c.files?.[0] ?? file(c)} já existe`,
    hint: () => "Tire o --create para sobrescrever, ou passe --expect-checksum para sobrescrever uma versão conhecida; `splice mv`/`cp`: passe --force para substituir."
  },
  "SPL-E034": {
    message: (c) =>
      c.changes !== undefined && c.changes.length > 0
        ? `${plural(c.changes.length, "arquivo mudou", "arquivos mudaram")} desde que o splice ${c.changes.length === 1 ? "o" : "os"} gravou: ${list(c.changes.map((x) => x.file))}`
        : c.race === "directory"
        ? `o diretório de ${file(c)} mudou enquanto o splice gravava; nada foi substituído`
        : c.race === "resolve"
        ? `${file(c)} mudou enquanto o splice resolvia o caminho`
        : `${at(c)}${file(c) || list(c.files)} foi alterado por outro programa enquanto o splice trabalhava; nada foi substituído`,
    hint: () => "Confira os arquivos indicados; o splice deixou todos como estão."
  },
  "SPL-E035": {
    message: (c) => `o rollback${c.tx !== undefined ? ` de ${c.tx}` : ""} ficou incompleto${c.files !== undefined ? `: ${c.files.map((f) => `${f.file} (${f.state === "changed_externally" ? "alterado por outro programa" : f.state === "restore_failed" ? "não restaurado" : f.state === "damaged" ? "cópia do journal danificada" : "incompleto"})`).join("; ")}` : ""}`,
    hint: () => "Confira os arquivos indicados: cada um aparece com o que tem agora. `splice recover` tenta de novo as restaurações que falharam."
  },
  "SPL-E036": {
    message: (c) => `a cópia de ${c.file ?? "um arquivo"} guardada no journal${c.tx !== undefined ? ` (transação ${c.tx})` : ""} não é confiável${c.problem !== undefined ? ` (${c.problem})` : ""}; nada foi gravado`,
    hint: () => "Rode `splice recover` para ver a entrada e confira os arquivos à mão. `splice recover --discard TX` aceita os arquivos como estão."
  },
  "SPL-E041": {
    message: (c, english) => detail(`não foi possível ler ou criar a chave do journal em ${c.dir ?? ""}`, english.replace(/^.*?: /, "")),
    hint: () => "O splice assina o journal com uma chave por usuário em $XDG_CONFIG_HOME/splice (ou ~/.config/splice); deixe esse diretório gravável."
  },
  "SPL-E042": {
    message: (c) =>
      c.files !== undefined
        ? `a mudança introduziria erros de sintaxe em ${list(c.files.map((f) => f.file))}; nada foi gravado`
        : `${c.errors_total !== undefined ? `${plural(c.errors_total, "erro", "erros")} de sintaxe novo${c.errors_total === 1 ? "" : "s"}` : "erros de sintaxe"}${c.file !== undefined ? ` em ${c.file}` : ""}; nada foi gravado`,
    hint: () => "Corrija os erros de sintaxe novos listados no contexto; --preview mostra o resultado sem gravar."
  },
  "SPL-E043": {
    message: (c) => `${c.tool ?? "o compilador"} aponta ${plural(c.diagnostics?.length ?? 0, "erro novo", "erros novos")}; a edição foi desfeita (rollback)`,
    hint: () => "Corrija os diagnósticos novos listados no contexto."
  },
  "SPL-E044": {
    message: (c) => `--require-compiler: ${c.tool ? `${c.tool} não pôde ser iniciado` : `nenhum verificador para ${c.file ?? "este arquivo"}`}`,
    hint: () => "Instale o verificador, ou tire o --require-compiler para deixar o gate ser pulado."
  },
  "SPL-E045": {
    message: (c) => `${c.tool ?? "o verificador"} não terminou em ${Math.round((c.timeout_ms ?? 0) / 1000)} s e foi encerrado`,
    hint: () => "Tente de novo ou aumente --compile-timeout; com o cache de build frio, a primeira verificação é lenta."
  },
  "SPL-E046": {
    message: (c, english) => detail(`--require-compiler: ${c.tool ?? "o verificador"} rodou mas não deu veredito`, english.replace(/^--require-compiler: /, "")),
    hint: () => "Leia context.output_tail: o próprio verificador falhou (offline, travou, mal configurado, dependência faltando). Corrija isso, ou tire o --require-compiler para a edição ficar sem verificação."
  },
  "SPL-E047": {
    message: (c) => `o workspace não é confiável: ${c.tool ?? "o verificador"} rodaria código do próprio repositório (${c.file ?? "splice.json"})`,
    hint: () => "Se você confia no splice.json e nas ferramentas de build deste repositório, rode `splice trust` (no CI: SPLICE_TRUST=1) e tente de novo."
  },
  "SPL-E048": {
    message: (c) => `${c.file ?? ""} não é ${(c.format ?? "").toUpperCase()} válido: ${c.reason ?? ""} na linha ${c.line ?? "?"}, coluna ${c.column ?? "?"}`,
    hint: () => "Corrija o arquivo na linha e coluna indicadas (ou edite-o como texto com `splice edit`) e tente de novo."
  },
  "SPL-E049": {
    message: (c) =>
      `mudança recusada em ${c.key_path ?? ""} de ${c.file ?? ""}: ${
        c.reason === "unparsable_result" ? "o resultado não passaria no parser"
        : c.reason === "data_mismatch" ? `o resultado teria outros dados, em ${c.differs_at === "" ? "(o nível de cima)" : c.differs_at ?? "?"}`
        : `a biblioteca do formato não consegue fazer a edição (${c.detail ?? ""})`
      }; nada foi gravado`,
    hint: () => "Essa mudança não pode ser feita com segurança neste formato; context.reason diz por quê. Se precisar, edite o texto com `splice edit`."
  },
  "SPL-E051": {
    message: (c) => `entrada ${c.format ?? ""} inválida na linha ${c.line ?? "?"}: esperava ${c.expected ?? "outra coisa"}${c.found !== undefined ? `, encontrou ${JSON.stringify(c.found)}` : ""}`,
    hint: () => "Corrija a entrada na linha indicada (context.expected diz o que cabe ali); --format força um formato quando a detecção automática erra."
  },
  "SPL-E053": {
    message: (_, english) => detail("--edits inválido", english.replace(/^invalid --edits: /, "")),
    hint: () => "--edits recebe um array JSON de {\"old\": string, \"new\": string, \"replace_all\"?: boolean}."
  },
  "SPL-E054": {
    message: (c) => `o lote passa do limite${c.size !== undefined && c.max_bytes !== undefined ? `: ${c.size} bytes, o máximo é ${c.max_bytes}` : ""}`,
    hint: () => "Divida o lote em várias execuções de `splice edit --edits` (cada uma é uma transação)."
  },
  "SPL-E061": {
    message: (c) => `caminho fora do workspace: ${c.path ?? ""}`,
    hint: () => "Passe --workspace para escolher outra raiz, ou use um caminho dentro do workspace."
  },
  "SPL-E062": {
    message: (c) =>
      c.race === "directory"
        ? `o diretório de ${file(c)} foi trocado enquanto o splice gravava; nada foi substituído`
        : `o caminho sai do workspace por um symlink: ${c.path ?? c.file ?? ""}`,
    hint: () => "Edite o alvo do link por um caminho dentro do workspace."
  },
  "SPL-E063": {
    message: (c) => (c.reason === "binary" ? `${c.file ?? ""} é binário (byte NUL na posição ${c.offset ?? "?"})` : `${c.file ?? ""} não é UTF-8 válido (na posição ${c.offset ?? "?"})`),
    hint: (c) => c.reason === "invalid_utf8"
      ? "O arquivo é texto em outra codificação (Latin-1 ou Windows-1252, provavelmente) ou tem um byte solto: converta-o para UTF-8 antes (iconv -f latin1 -t utf-8), ou edite-o com uma ferramenta para a codificação dele. O splice nunca adivinha a codificação."
      : "O splice edita só texto UTF-8; use outra ferramenta para arquivos binários."
  },
  "SPL-E064": {
    message: (c) => `${c.file ?? c.input ?? "a entrada"} passa do limite de ${c.max_bytes ?? "?"} bytes${c.size !== undefined ? ` (tem ${c.size})` : ""}`,
    hint: () => "Aumente --max-bytes se você quer mesmo editar um arquivo desse tamanho."
  },
  "SPL-E065": {
    message: (c) => `não é um arquivo comum (é ${kindOf(c.kind)}): ${file(c)}`,
    hint: () => "Indique um arquivo comum."
  },
  "SPL-E066": {
    message: () => "caminho inválido: vazio ou com um byte NUL",
    hint: () => "Tire os bytes NUL do caminho."
  },
  "SPL-E067": {
    message: (c) =>
      c.reason === "workspace_root" ? "o splice não mexe na raiz do workspace"
      : c.reason === "git_dir" ? `${c.file ?? ""} está dentro de um diretório .git`
      : `${c.file ?? ""} é estado interno do splice`,
    hint: (c) =>
      c.reason === "workspace_root" ? "Indique o que está dentro dela."
      : c.reason === "git_dir" ? "Passe --allow-git-dir se você quer mesmo mudar arquivos do próprio git."
      : "Use `splice undo` e `splice recover` para agir sobre o journal.",
  },
  "SPL-E068": {
    message: (c) => `${c.path ?? ""} é ${c.kind === "symlink" ? "um symlink" : kindOf(c.kind)}: o splice não guarda o journal nem os locks ali`,
    hint: () => "Remova o symlink (ou o arquivo) no caminho indicado; o splice recria sozinho o diretório de estado."
  },
  "SPL-E069": {
    message: (c) => `o texto novo tem um byte NUL na posição ${c.offset ?? "?"}${c.edit !== undefined ? ` (edição ${c.edit})` : ""}; ${c.file ?? "o arquivo"} é texto`,
    hint: () => "Tire os bytes NUL do texto novo; grave arquivos binários com outra ferramenta."
  },
  "SPL-E071": {
    message: (c, english) => {
      const where = `${at(c)}${batchEdit(c.edit, english)}`
      switch (c.reason) {
        case "anchor_not_found":
          return `${where}texto âncora não encontrado em ${c.file ?? ""}`
        case "old_mismatch":
          return `${where}as linhas de ${c.file ?? ""} não têm o texto esperado`
        case "delete_mismatch":
          return `${where}${c.file ?? ""} difere do conteúdo que o patch apaga (a partir da linha ${c.line ?? "?"})`
        case "new_text_present_without_evidence":
        case "no_context":
          return `${where}as linhas a mudar não foram encontradas em ${c.file ?? ""}${c.new_text_lines !== undefined || c.reason === "new_text_present_without_evidence" ? ", mas o texto novo já aparece no arquivo e o splice não tem registro de tê-lo gravado" : ""}`
        default:
          return `${where}texto não encontrado em ${c.file ?? ""}`
      }
    },
    hint: (c) => {
      const best = c.candidates?.[0]
      return best !== undefined && best.difference !== undefined
        ? `A ocorrência mais próxima está na linha ${best.line}: ${differences(best.difference)}.`
        : "Confira o texto exato, inclusive espaços e quebras de linha; o contexto lista as ocorrências mais próximas."
    }
  },
  "SPL-E072": {
    message: (c, english) => `${at(c)}${batchEdit(c.edit, english)}${c.reason === "anchor_ambiguous" ? "o texto âncora" : "o texto"} aparece ${c.lines?.length ?? c.count ?? "várias"} vezes em ${c.file ?? ""}${c.lines !== undefined ? ` (linhas ${c.lines.join(", ")})` : ""}`,
    hint: () => "Inclua linhas vizinhas para o texto ficar único, ou passe --replace-all."
  },
  "SPL-E073": {
    message: (c) => `caminho de chave ${c.key_path ?? ""} não encontrado em ${c.file ?? ""}: ${c.found === "" || c.found === undefined ? "o nível de cima" : c.found} não tem ${c.missing ?? "?"}${c.container === "array" ? ` (um array de ${c.length ?? 0} elemento${c.length === 1 ? "" : "s"})` : c.container === "scalar" ? " (é um valor simples)" : ""}`,
    hint: (c) =>
      c.did_you_mean !== undefined && c.did_you_mean.length > 0
        ? `Você quis dizer ${c.did_you_mean.join(" ou ")}?`
        : "Confira o caminho: context.found é a parte mais funda que existe, context.available as chaves ali, context.did_you_mean as mais parecidas."
  },
  "SPL-E081": {
    message: (c) => `sem espaço disponível no dispositivo${c.path !== undefined ? ` ao gravar ${c.path}` : ""}`,
    hint: () => "Libere espaço em disco e repita a operação; o arquivo ficou como estava."
  },
  "SPL-E082": {
    message: (c) => `permissão negada${c.path !== undefined ? `: ${c.path}` : ""}`,
    hint: () => "Verifique as permissões do arquivo e do diretório dele."
  },
  "SPL-E083": {
    message: (c) => `erro de E/S${c.path !== undefined ? ` em ${c.path}` : c.db !== undefined ? ` em ${c.db}` : ""}${c.errno !== undefined ? ` (${c.errno})` : ""}`,
    hint: () => "Tente de novo; se persistir, verifique o disco."
  },
  "SPL-E091": {
    message: (c) => (c.tried !== undefined && c.db === undefined ? "nenhum banco do grafo de código encontrado" : `o banco do grafo de código não pôde ser aberto${c.db ? `: ${c.db}` : ""}`),
    hint: (c) => (c.tried !== undefined ? "Rode `splice index` para criar um." : "Remova ou reconstrua o banco do grafo com `splice index --full`.")
  },
  "SPL-E099": {
    message: (_, english) => detail("erro interno", english.replace(/^internal error$/, "sem detalhes")),
    hint: () => "Isto é um bug do splice; por favor, reporte com a linha de comando."
  },
  "SPL-E100": {
    message: (c) => (c.reason === "newline" ? "o padrão tem uma quebra de linha, e a busca é linha a linha" : `expressão regular inválida /${c.pattern ?? ""}/: ${c.detail ?? ""}`),
    hint: () => "Corrija a expressão regular (sintaxe JavaScript, modo Unicode), ou tire o --regex para buscar o texto como está."
  },
  "SPL-E101": {
    message: () => "o padrão está vazio: casaria em todo lugar",
    hint: () => "Informe o texto (ou a regex) a procurar."
  },
  "SPL-E102": {
    message: (c) => `esperava ${plural(c.expected ?? 0, "substituição", "substituições")}, mas encontrou ${c.actual ?? "?"}; nada foi gravado`,
    hint: () => "Busque antes (splice search PADRÃO --count) e restrinja o padrão ou os caminhos, ou passe o --expect-count que a busca mostrar."
  },
  "SPL-E103": {
    message: (c) => `substituição inválida${quoted(c.replacement)}: o padrão não tem o grupo ${c.reference ?? "?"} (tem ${plural(c.groups ?? 0, "grupo", "grupos")})`,
    hint: () => "Use só grupos que o padrão tem: $1..$N por número, $<nome> por nome, $& para o trecho inteiro, $$ para um cifrão."
  },
  "SPL-E110": {
    message: (c) => `não dá para pôr ${c.from ?? ""} dentro dele mesmo (${c.to ?? ""})`,
    hint: () => "Escolha um destino fora do diretório que você move ou copia."
  },
  "SPL-E111": {
    message: (c) => `${c.from ?? ""} e ${c.to ?? ""} são o mesmo arquivo${c.reason === "hard_link" ? " (dois hard links)" : c.reason === "case_insensitive" ? " (um nome num sistema de arquivos que não diferencia maiúsculas)" : ""}`,
    hint: () => "Indique outro destino. Para renomear só a caixa das letras num sistema que não diferencia maiúsculas, passe por um nome temporário (dois `splice mv`, cada um desfazível)."
  },
  "SPL-E112": {
    message: (c) => `${c.file ?? ""} é um diretório; passe --recursive para removê-lo com tudo o que tem dentro`,
    hint: () => "Passe --recursive para remover o diretório e tudo dentro dele (o undo traz tudo de volta)."
  },
  "SPL-E113": {
    message: (c) => `não dá para pôr ${c.from ?? ""} em ${c.file ?? ""}: ${c.file ?? ""} é ${kindOf(c.kind)}`,
    hint: () => "Remova ou renomeie antes o que está no caminho, ou escolha outro destino."
  },
  "SPL-E120": {
    message: (c) => `${at(c)}${c.line !== undefined && c.line !== c.from ? `a linha ${c.line}` : `a linha ${c.from ?? "?"}`} está fora de ${c.file ?? ""}, que tem ${lines(c.line_count)}`,
    hint: (c) =>
      c.line_count === 0
        ? "O arquivo está vazio: insira com --after-line 0."
        : `As linhas vão de 1 a ${c.line_count ?? "N"}${c.mode !== undefined ? `; --after-line 0 insere no topo, --after-line ${c.line_count ?? "N"} acrescenta no fim` : ""}. Releia o arquivo se ele mudou.`
  },
  "SPL-E121": {
    message: (c) => `${c.language ?? "a gramática"} não tem o tipo de nó ${JSON.stringify(c.kind ?? "")}`,
    hint: (c) =>
      c.did_you_mean !== undefined && c.did_you_mean.length > 0
        ? `Você quis dizer ${c.did_you_mean.join(", ")}? (--list-kinds lista todos os tipos)`
        : "Use um tipo de nó da gramática do arquivo; `splice query --file F --list-kinds` lista todos."
  },
  "SPL-E130": {
    message: (c) => (c.shutting_down === true ? `o servidor está encerrando (chegou ${c.signal ?? "um sinal"}): nada foi feito` : `interrompido por ${c.signal ?? "um sinal"}; nada ficou gravado pela metade`),
    hint: () => "A operação foi interrompida; os arquivos estão como estavam. Rode de novo."
  },
  "SPL-E131": {
    message: (c) => `${plural(c.files?.length ?? 0, "arquivo mudou", "arquivos mudaram")} depois da gravação interrompida; ficaram como estão`,
    hint: () => "Confira os arquivos indicados; o splice deixou todos como estão."
  },
  "SPL-E140": {
    message: (c) => {
      const first = c.clashes?.[0]
      return `renomear ${c.name ?? ""} para ${c.new_name ?? ""} mudaria o significado de nomes no código${first !== undefined ? `: ${first.file}:${first.line}` : ""}${(c.clashes?.length ?? 0) > 1 ? ` (e mais ${c.clashes!.length - 1})` : ""}; nada foi gravado`
    },
    hint: () => "Escolha outro nome, ou renomeie antes a declaração em conflito; context.clashes lista cada uma."
  },
  "SPL-E141": {
    message: (c) => `não dá para renomear ${c.name ?? ""} para ${c.new_name ?? ""}: não é um identificador válido em ${c.language ?? "nessa linguagem"}`,
    hint: () => "Informe um nome que a linguagem aceite como identificador (e que não seja palavra reservada)."
  },
  "SPL-E142": {
    message: (c) => `${c.file ?? ""}:${c.line ?? "?"} não tem ${c.expected ?? "o nome"} como o grafo de código diz (encontrou ${JSON.stringify(c.found ?? "")}); nada foi gravado`,
    hint: () => "Rode o comando de novo: o arquivo mudou enquanto o splice o lia."
  },
  "SPL-E143": {
    message: (c) => {
      const uses = (c.references_total ?? c.references?.length ?? 0) + (c.by_name_total ?? c.by_name?.length ?? 0)
      const first = c.references?.[0] ?? c.by_name?.[0]
      return `${c.qualified_name ?? c.name ?? "a definição"} ainda é usado em ${uses} ${uses === 1 ? "lugar" : "lugares"}${first !== undefined ? ` (${first.file}:${first.line}${uses > 1 ? " e outros" : ""})` : ""}; nada foi removido`
    },
    hint: () => "Remova ou mude antes os usos listados em context, ou passe --force para remover assim mesmo."
  },
  "SPL-E144": {
    message: (c) => `${c.name ?? "a definição"} (${c.kind ?? "?"}, ${c.file ?? ""}:${c.line ?? "?"}) não tem corpo; nada foi gravado`,
    hint: () => "Troque a definição inteira (sem --body), ou indique uma definição que tenha corpo."
  },
  "SPL-E145": {
    message: (c) => `${c.name ?? "a definição"} (${c.kind ?? "?"}, ${c.file ?? ""}:${c.line ?? "?"}) não contém definições: --in não tem onde inserir; nada foi gravado`,
    hint: () => "Indique uma classe, struct, interface, trait, enum, módulo ou namespace (um bloco impl do Rust como `impl Tipo`), ou use --after-symbol."
  },
  "SPL-E146": {
    message: (c) => c.reason === "shared_line"
      ? `${c.name ?? "a definição"} (${c.file ?? ""}:${c.line ?? "?"}) divide as linhas com outro código: não há uma linha antes ou depois que seja só dela; nada foi gravado`
      : `${c.name ?? "a definição"} (${c.file ?? ""}:${c.line ?? "?"}) é declarada junto com ${(c.shared ?? []).join(", ") || "outros nomes"} no mesmo texto; nada foi gravado`,
    hint: () => "Mude a declaração compartilhada com `splice edit`, ou indique a declaração inteira."
  },
  "SPL-E147": {
    message: (c) => `a transação ${c.tx ?? ""} não está em efeito: desfeita por ${c.undone_by ?? "outra"}`,
    hint: (c) => (c.head !== undefined && c.head !== null ? `\`splice undo ${c.head}\` a refaz (desfaz o undo).` : "`splice history` mostra a cadeia de undos.")
  },
  "SPL-E151": {
    message: () => "o LanguageService do TypeScript não conseguiu planejar a atualização dos imports desta movimentação; nada foi movido",
    hint: () => "Mova só os bytes com --no-update-imports e depois corrija os imports (splice check os lista)."
  },
  "SPL-E159": {
    message: (c) => {
      const first = c.uses?.[0]
      const total = c.total ?? c.uses?.length ?? 0
      return `renomear ${c.name ?? ""} para ${c.new_name ?? ""} deixaria ${total} ${total === 1 ? "uso" : "usos"} do nome em valores sem tipo conhecido${first !== undefined ? ` (${first.file}:${first.line}${total > 1 ? " e outros" : ""})` : ""}; nada foi gravado`
    },
    hint: () => "Confira os usos em context.uses: --include-unresolved também os renomeia, --keep-unresolved renomeia o resto e os deixa."
  }
}

/** Near-miss differences (src/domain/textMatch.ts). */
const differences = (english: string): string =>
  ({
    "trailing whitespace differs": "os espaços no fim da linha diferem",
    "indentation differs: the file uses tabs where the text has spaces": "a indentação difere: o arquivo usa tabs onde o texto tem espaços",
    "indentation differs: the file uses spaces where the text has tabs": "a indentação difere: o arquivo usa espaços onde o texto tem tabs",
    "indentation differs": "a indentação difere",
    "whitespace differs": "os espaços diferem",
    "letter case differs": "maiúsculas e minúsculas diferem",
    "line endings differ": "as quebras de linha diferem"
  } as Record<string, string>)[english] ?? lineEndings(english) ?? english

const LINE_ENDINGS = /^line endings differ: here the file has (.+?)( \(mixed\))?, the text (.+?)(?: \(first at the end of the match's line (\d+)\))?; give the text with the file's line endings, or use --fuzzy$/
const endings = (names: string) => names.replace(/ and /g, " e ").replace(/^none$/, "nenhuma")
const lineEndings = (english: string): string | undefined => {
  const m = LINE_ENDINGS.exec(english)
  if (m === null) return undefined
  return `as quebras de linha diferem: aqui o arquivo tem ${endings(m[1]!)}${m[2] !== undefined ? " (misturadas)" : ""}, o texto ${endings(m[3]!)}` +
    `${m[4] !== undefined ? ` (a primeira no fim da linha ${m[4]} do trecho)` : ""}; dê o texto com as quebras de linha do arquivo, ou use --fuzzy`
}

/** Gate reasons that are fixed texts, and the shapes of the others. */
const reasons: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
  [/^nothing to change$/, () => "nada a mudar"],
  [/^not run by --preview: the checker reads the files on disk$/, () => "não roda no --preview: o verificador lê os arquivos do disco"],
  [/^disabled by --validate$/, () => "desligado por --validate"],
  [/^disabled by --validate none$/, () => "desligado por --validate none"],
  [/^no checker for files without an extension$/, () => "nenhum verificador para arquivos sem extensão"],
  [/^no grammar for files without an extension$/, () => "nenhuma gramática para arquivos sem extensão"],
  [/^no checker for (.+) files$/, (m) => `nenhum verificador para arquivos ${m[1]}`],
  [/^no grammar for (.+) files$/, (m) => `nenhuma gramática para arquivos ${m[1]}`],
  [/^no checker for (.+)$/, (m) => `nenhum verificador para ${m[1]}`],
  [/^no (.+) between (.+) and the workspace root$/, (m) => `nenhum ${m[1]!.replace(/ or /g, " nem ")} entre ${m[2]} e a raiz do workspace`],
  [/^no Cargo\.toml: cargo check needs a crate$/, () => "nenhum Cargo.toml: o cargo check precisa de um crate"],
  [/^workspace not trusted; run splice trust$/, () => "workspace não confiável; rode splice trust"],
  [/^(.+) is not installed \(looked in (.+)\)$/, (m) => `${m[1]} não está instalado (procurado em ${m[2]})`],
  [/^(.+) is not installed$/, (m) => `${m[1]} não está instalado`],
  [/^(.+) could not be started$/, (m) => `${m[1]} não pôde ser iniciado`],
  [/^(.+) stopped at a fatal error that was there before the edit \((.+)\) and checked nothing after it$/s, (m) => `${m[1]} parou num erro fatal que já existia antes da edição (${m[2]}) e não verificou nada depois dele`],
  [/^python3 stops at an error that was already there \(line (\d+)\); past it, tree-sitter's verdict$/, (m) => `o python3 para num erro que já existia (linha ${m[1]}); dali em diante, vale o veredito do tree-sitter`],
  [/^tree-sitter reported (\d+) new error\(s\); TypeScript's parser finds none$/, (m) => `o tree-sitter apontou ${m[1]} erro(s) novo(s); o parser do TypeScript não acha nenhum`]
]
/** A gate's reason; several (the files of one check) are joined by "; ", each translated alone. */
const reason = (english: string): string => {
  // Texts that hold "; " themselves (a checker's message may too) before splitting at it.
  const whole = /^workspace not trusted;|^python3 stops|^tree-sitter reported| stopped at a fatal error /.test(english)
  const parts = english.split("; ")
  if (parts.length > 1 && !whole) return parts.map(reason).join("; ")
  for (const [re, f] of reasons) {
    const m = re.exec(english)
    if (m !== null) return f(m)
  }
  return english
}

const statuses: Record<string, string> = { passed: "ok", failed: "falhou", skipped: "pulado", failed_to_run: "não rodou" }
const status = (s: string) => statuses[s] ?? s

const actions: Record<string, string> = {
  // splice apply
  update: "atualizado",
  add: "criado",
  delete: "apagado",
  move: "movido",
  // splice undo
  created: "criado",
  deleted: "apagado",
  edited: "editado",
  moved: "movido",
  removed: "removido",
  recreated: "recriado",
  restored: "restaurado",
  written: "gravado",
  updated: "atualizado"
}

export const ptBR: Catalog = {
  ...ptBRCommands,
  locale: "pt-BR",
  errors,
  error: {
    heading: (code, message) => `erro[${code}]: ${message}`,
    hint: "dica",
    candidates: "candidatos",
    nearLine: (line, percent, difference) => `linha ${line} (${percent}% parecida${difference ? `; ${differences(difference)}` : ""})`,
    difference: differences,
    didYouMean: "você quis dizer",
    tried: "caminhos tentados",
    atLines: "nas linhas",
    files: "arquivos",
    help: "ajuda",
    project: "(projeto)",
    exit: (code) => `(saída ${code})`
  },
  verdict: {
    syntax: (v: VerdictView) =>
      v.status === "skipped"
        ? `sintaxe: pulada (${reason(v.reason ?? "")})`
        : `sintaxe: ${status(v.status)}${v.language ? ` (${v.language}${v.parser !== undefined && v.parser !== "tree-sitter" ? `, ${v.parser}` : ""})` : ""}`,
    compiler: (v: VerdictView) =>
      v.status === "skipped"
        ? `compilador: pulado (${reason(v.reason ?? "")})`
        : `compilador: ${status(v.status)}${v.tool ? ` (${v.tool}${v.preexisting > 0 ? `, ${plural(v.preexisting, "erro já existia", "erros já existiam")} antes` : ""})` : ""}${v.reason !== undefined ? `: ${reason(v.reason)}` : ""}`,
    syntaxOk: (s) => (s === "passed" ? "sintaxe ok" : s === "skipped" ? "sintaxe: pulada" : `sintaxe: ${status(s)}`),
    reason,
    moreErrors: (count) => `… e mais ${count} (os mais próximos da mudança aparecem primeiro)`,
    previewUnchanged: (f) => `prévia: ${f} não foi modificado`,
    previewRefused: (f) => `prévia: ${f} não foi modificado; o gate de sintaxe recusaria esta mudança (SPL-E042)`,
    graphRefreshed: (refreshed, removed, ms) => `grafo: ${refreshed} atualizado${refreshed === 1 ? "" : "s"}, ${removed} removido${removed === 1 ? "" : "s"} em ${ms} ms`
  },
  summary: {
    action: (a) => actions[a] ?? a,
    edited: (f, what, syntax, compiler, tx) => `${f} editado: ${what}, ${syntax}, ${compiler}, tx ${tx}`,
    replacements: (count, tiers) => `${plural(count, "substituição", "substituições")}${tiers !== undefined ? ` (${tiers})` : ""}`,
    inserted: (from, to, where, line) => {
      const what = to < from ? "nenhuma linha inserida" : from === to ? `linha ${from} inserida` : `linhas ${from}-${to} inseridas`
      return `${what} ${where === "after_line" ? `depois da linha ${line}` : where === "before_line" ? `antes da linha ${line}` : where === "after" ? "depois da âncora" : "antes da âncora"}`
    },
    replacedLines: (from, to, count) => `${from === to ? `linha ${from} trocada` : `linhas ${from}-${to} trocadas`} por ${plural(count, "linha", "linhas")}`,
    deletedLines: (from, to) => (to < from ? "nenhuma linha apagada" : from === to ? `linha ${from} apagada` : `linhas ${from}-${to} apagadas`),
    nothingToChange: (f, by) => `${f}: ${by.length > 0 ? `já aplicado por ${appliedBy(by)}, ` : ""}nada a mudar`,
    linesAlreadySo: (f) => `${f}: as linhas já estão assim, nada a mudar`,
    written: (how, f, bytes, added, compiler, tx) =>
      `${how === "created" ? `${f} criado` : how === "wrote" ? `${f} gravado` : how === "appended" ? `${added} bytes acrescentados ao fim de ${f}` : `${added} bytes acrescentados ao início de ${f}`} (${bytes} bytes), ${compiler}, tx ${tx}`,
    writeUnchanged: (f, position) => `${f}: ${position === undefined ? "conteúdo idêntico" : "nada a acrescentar"}, nada a gravar`,
    dataSet: (keyPath, oldValue, value) => (oldValue === undefined ? `${keyPath} = ${value} (nova)` : `${keyPath}: ${oldValue} → ${value}`),
    dataDeleted: (keyPath) => `${keyPath} apagada`,
    dataSame: (keyPath) => `${keyPath} já tem esse valor`,
    dataChanged: (f, summary, syntax, compiler, tx) => `${f}: ${summary}, ${syntax}, ${compiler}, tx ${tx}`,
    dataUnchanged: (f, summary) => `${f}: ${summary}, nada a mudar`,
    applied: (format, summary, syntax, compiler, tx) => `change set ${format} aplicado: ${summary}; ${syntax}, ${compiler}, tx ${tx}`,
    applyUnchanged: (n, by) => `nada a mudar${n > 0 ? ` (${plural(n, "mudança já aplicada", "mudanças já aplicadas")} por ${appliedBy(by)})` : ""}`,
    replaced: (matches, files, listed, syntax, compiler, tx) =>
      `${plural(matches, "ocorrência substituída", "ocorrências substituídas")} em ${plural(files, "arquivo", "arquivos")}: ${listed}; ${syntax}, ${compiler}, tx ${tx}`,
    wouldReplace: (matches, files, listed) => `substituiria ${plural(matches, "ocorrência", "ocorrências")} em ${plural(files, "arquivo", "arquivos")}: ${listed}`,
    replaceNoMatch: (pattern, searched) => `nenhuma ocorrência de ${JSON.stringify(pattern)} (${plural(searched, "arquivo pesquisado", "arquivos pesquisados")})`,
    replaceSame: (matches) => `${plural(matches, "ocorrência substituída", "ocorrências substituídas")} por ela${matches === 1 ? "" : "s"} mesma${matches === 1 ? "" : "s"}: nada a mudar`,
    searched: (matches, ls, files, searched, binary, limit) =>
      `${plural(matches, "ocorrência", "ocorrências")} em ${plural(ls, "linha", "linhas")} de ${plural(files, "arquivo", "arquivos")} (${searched} pesquisado${searched === 1 ? "" : "s"}${binary > 0 ? `, ${binary} binário${binary === 1 ? "" : "s"} ignorado${binary === 1 ? "" : "s"}` : ""}${limit !== undefined ? `; parou no --limit ${limit}` : ""})`,
    undone: (tx, command, done, undoTx, origin) =>
      `${tx} (${command}) desfeita${origin !== undefined ? `, ${origin.effect === "redo" ? "refazendo" : "desfazendo"} ${origin.tx}${origin.command !== undefined ? ` (${origin.command})` : ""}` : ""}: ${done.join(", ") || "só diretórios"}; tx ${undoTx}`,
    link: (action, f) => `link ${f} ${actions[action] ?? action}`
  },
  symbol: {
    replaced: (what) => `${named(what)} ${agree(what.kind, "substituído", "substituída")}`,
    replacedBody: (what) => `corpo de ${named(what)} substituído`,
    deleted: (what) => `${named(what)} ${agree(what.kind, "removido", "removida")}`,
    insertedIn: (what) => `inserido no fim de ${named(what)}`,
    inserted: (position, what) => `inserido ${position === "before" ? "antes de" : "depois de"} ${named(what)}`,
    usesLeft: (count) => `--force: ${count} ${count === 1 ? "uso ficou" : "usos ficaram"} para trás`,
    passLeft: "`pass` ficou no lugar: era a única instrução do bloco",
    docstringKept: "a docstring foi mantida",
    leadingKept: (what) => `os comentários e decorators acima ${agree(what.kind, "dele", "dela")} foram mantidos`,
    lines: (from, to, note) => ` (linha${to > from ? `s ${from}-${to}` : ` ${from}`}${note !== undefined ? `; ${note}` : ""})`,
    unchanged: (file, summary) => `${file}: ${summary}: o texto já está assim, nada a mudar`,
    preview: (file, summary, lines) => `${file}: ${summary}${lines} (prévia)`,
    done: (file, summary, lines, syntax, compiler, tx) => `${file}: ${summary}${lines}, ${syntax}, ${compiler}, tx ${tx}`
  }
}
