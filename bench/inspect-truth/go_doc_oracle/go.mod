module go_doc_oracle

go 1.19
