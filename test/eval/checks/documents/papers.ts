// Checks set, papers: scientific and technical papers and lecture notes (arXiv, Debian documentation packages).
// Sources and licences in ../sources.md.
import type { CheckDocument } from '../documents.js';

export const documents: readonly CheckDocument[] = [
  {
    file: 'arxiv-chain-of-thought-p1.pdf',
    about: 'arXiv paper, first page: title, authors, abstract, figure with caption, arXiv stamp in the margin',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Chain-of-Thought Prompting Elicits Reasoning' },
      { kind: 'present', text: 'We explore how generating a chain of thought' },
      {
        kind: 'present',
        text: 'Experiments on three large language models show that chain-of-thought prompting improves performance on a range of arithmetic, commonsense, and symbolic reasoning tasks.',
      },
      { kind: 'order', before: 'in Large Language Models', after: 'We explore how generating a chain of thought' },
      { kind: 'order', before: 'exemplars in prompting.', after: 'Experiments on three large language models' },
      {
        kind: 'segment-type',
        segmentType: 'Caption',
        contains: 'Chain-of-thought prompting enables large language models to tackle complex arithmetic',
      },
      { kind: 'absent', text: 'arXiv:2201.11903v6' },
    ],
  },
  {
    file: 'arxiv-llama-p1.pdf',
    about: 'arXiv paper, first page: two columns with hyphenated line ends, footnotes, arXiv stamp',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'LLaMA: Open and Efficient Foundation Language Models' },
      {
        kind: 'present',
        text: 'We introduce LLaMA, a collection of foundation language models ranging from 7B to 65B parameters.',
      },
      {
        kind: 'present',
        text: 'Large Languages Models (LLMs) trained on massive corpora of texts have shown their ability',
      },
      {
        kind: 'present',
        text: 'The focus of this work is to train a series of language models that achieve the best possible performance at various inference budgets',
      },
      { kind: 'order', before: 'all our models to the research community', after: 'Large Languages Models (LLMs)' },
      {
        kind: 'order',
        before: 'to train a large model to reach a certain level of',
        after: 'performance, a smaller one trained longer will',
      },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Introduction' },
      { kind: 'absent', text: 'arXiv:2302.13971v1' },
    ],
  },
  {
    file: 'arxiv-autogen-p1.pdf',
    about: 'arXiv paper, first page: title, figure of four panels with caption above the abstract',
    checks: [
      {
        kind: 'segment-type',
        segmentType: 'Title',
        contains: 'Enabling Next-Gen LLM Applications via Multi-Agent Conversation',
      },
      {
        kind: 'segment-type',
        segmentType: 'Caption',
        contains: 'enables diverse LLM-based applications using multi-agent conversations',
      },
      {
        kind: 'present',
        text: 'is an open-source framework that allows developers to build LLM applications via multiple agents that can converse with each other to accomplish tasks.',
      },
      {
        kind: 'present',
        text: 'Empirical studies demonstrate the effectiveness of the framework in many example applications',
      },
      {
        kind: 'order',
        before: 'The framework supports flexible conversation patterns',
        after: 'is an open-source framework that allows developers',
      },
      { kind: 'segment-type', segmentType: 'Picture' },
      { kind: 'absent', text: 'arXiv:2308.08155v2' },
    ],
  },
  {
    file: 'geotopo-metric-spaces.pdf',
    about: 'German lecture notes (LaTeX), one page: a plot, definitions, three display formulas',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Metrische Räume' },
      { kind: 'present', text: 'Das Paar (X, d) heißt ein metrischer Raum.' },
      { kind: 'present', text: 'Die Metrik d induziert die diskrete Topologie.' },
      { kind: 'order', before: 'Definition 8', after: 'Bemerkung 3' },
      { kind: 'order', before: 'Bemerkung 3', after: 'Definition 9' },
      {
        kind: 'formula',
        latex: '\\mathfrak{B}_r(x) := \\{ y \\in X \\mid d(x, y) < r \\} \\text{ für } x \\in X, r \\in \\mathbb{R}^+',
      },
      {
        kind: 'formula',
        latex: '\\forall x_1, x_2 \\in X : d_X(x_1, x_2) = d_Y(\\varphi(x_1), \\varphi(x_2))',
      },
      {
        kind: 'formula',
        latex: 'd(x, y) = \\begin{cases} 0 & \\text{falls } x = y \\\\ 1 & \\text{falls } x \\neq y \\end{cases}',
      },
    ],
  },
  {
    file: 'geotopo-stereographic.pdf',
    about: 'German lecture notes (LaTeX), one page: stereographic projection with display math, a new section',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Zusammenhang' },
      { kind: 'present', text: 'Die Quotiententopologie ist die feinste Topologie, sodass π stetig wird.' },
      { kind: 'present', text: 'Es gilt: f ist bijektiv und die Umkehrabbildung ist ebenfalls stetig.' },
      { kind: 'order', before: 'Beispiel 14 (Stereographische Projektion)', after: '1.4 Zusammenhang' },
      {
        kind: 'formula',
        latex:
          '\\begin{aligned} S^n &= \\{ x \\in \\mathbb{R}^{n+1} \\mid \\|x\\| = 1 \\} \\\\ &= \\left\\{ x \\in \\mathbb{R}^{n+1} \\middle| \\sum_{i=1}^{n+1} x_i^2 = 1 \\right\\} \\end{aligned}',
      },
      {
        kind: 'formula',
        latex:
          '\\begin{aligned} f &: S^n \\setminus \\{ N \\} \\to \\mathbb{R}^n \\\\ P &\\mapsto \\overbrace{L_P \\cap H}^{\\text{genau ein Punkt}} \\end{aligned}',
      },
    ],
  },
  {
    file: 'latex-multicolumn.pdf',
    about: 'two-column LaTeX article (lorem ipsum) and a page with a booktabs table (no vertical rules)',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Two-Column Document with Lorem Ipsum' },
      { kind: 'present', text: 'This is a sample document with two columns filled with Lorem Ipsum text.' },
      { kind: 'order', before: 'Abstract', after: 'This is a sample document' },
      {
        kind: 'order',
        before: 'Vivamus viverra fermentum felis. Donec nonummy',
        after: 'pellentesque ante. Phasellus adipiscing semper elit.',
      },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'EU Countries Information' },
      { kind: 'table', cell: 'Austria', relation: 'left-of', other: 'Vienna' },
      { kind: 'table', cell: 'Capital', relation: 'above', other: 'Copenhagen' },
      { kind: 'table', cell: 'Belgium', relation: 'above', other: 'Czech Republic' },
      { kind: 'table', cell: 'Population (millions)', relation: 'above', other: '10.7' },
      { kind: 'table', cell: 'Finland', relation: 'left-of', other: '338,424' },
      { kind: 'table', cell: 'Official Language', relation: 'above', other: 'Dutch, French, German' },
    ],
  },
  {
    file: 'sci-econ-sandwich-p3.pdf',
    about:
      'econometrics paper (JSS, Latin Modern), one page: a numbered section, five display equations, two of them in one aligned block',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'The linear regression model' },
      { kind: 'present', text: 'To fix notations, we consider the linear regression model' },
      { kind: 'order', before: 'a summary is given in Section 5.', after: 'To fix notations, we consider' },
      { kind: 'formula', latex: 'y_i = x_i^\\top \\beta + u_i \\qquad (i = 1, \\ldots, n),' },
      { kind: 'formula', latex: '\\hat{\\beta} = \\left( X^\\top X \\right)^{-1} X^\\top y' },
      { kind: 'formula', latex: '\\hat{u} = (I_n - H) y = (I_n - X \\left( X^\\top X \\right)^{-1} X^\\top) y' },
      {
        kind: 'formula',
        latex:
          '\\begin{aligned} \\Psi = \\mathsf{VAR}[\\hat{\\beta}] &= \\left( X^\\top X \\right)^{-1} X^\\top \\Omega X \\left( X^\\top X \\right)^{-1} \\\\ &= \\left( \\frac{1}{n} X^\\top X \\right)^{-1} \\frac{1}{n} \\Phi \\left( \\frac{1}{n} X^\\top X \\right)^{-1} \\end{aligned}',
      },
      { kind: 'absent', text: 'Achim Zeileis' },
    ],
  },
  {
    file: 'sci-econ-strucchange-p2-3.pdf',
    about:
      'econometrics paper (JSS preprint, Computer Modern as Type 3 bitmap fonts), two pages: sections, six display equations, a figure, R code',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'The model' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'The data' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Generalized fluctuation tests' },
      { kind: 'present', text: 'Consider the standard linear regression model' },
      {
        kind: 'order',
        before: 'concerned with testing the null hypothesis',
        after: 'against the alternative that the coefficient vector varies over time',
      },
      { kind: 'present', text: 'We use a simple error correction model (ECM) for the consumption function' },
      {
        kind: 'segment-type',
        segmentType: 'Caption',
        contains: 'Personal income and personal consumption expenditures in the US',
      },
      { kind: 'formula', latex: 'y_i = x_i^\\top \\beta_i + u_i \\qquad (i = 1, \\ldots, n),' },
      { kind: 'formula', latex: 'H_0 : \\quad \\beta_i = \\beta_0 \\qquad (i = 1, \\ldots, n)' },
      { kind: 'formula', latex: '\\frac{1}{n} \\sum_{i=1}^{n} x_i x_i^\\top \\longrightarrow Q' },
      {
        kind: 'formula',
        latex:
          '\\tilde{u}_i = \\frac{y_i - x_i^\\top \\hat{\\beta}^{(i-1)}}{\\sqrt{1 + x_i^\\top \\left( X^{(i-1)\\top} X^{(i-1)} \\right)^{-1} x_i}} \\qquad (i = k+1, \\ldots, n),',
      },
      { kind: 'formula', latex: '\\Delta c_t = \\beta_1 + \\beta_2 e_{t-1} + \\beta_3 \\Delta i_t + u_t,' },
      { kind: 'formula', latex: 'e_t = c_t - \\alpha_1 - \\alpha_2 i_t,' },
    ],
  },
  {
    file: 'sci-chem-abinit-elf-p1-21.pdf',
    about:
      'quantum-chemistry report (LaTeX report class, Computer Modern): title page with an accented author name, and a page of eight display equations on the electron localization function',
    checks: [
      {
        kind: 'segment-type',
        segmentType: 'Title',
        contains: 'Implementation of ELF in Abinit within the norm-conserving approach',
      },
      { kind: 'present', text: 'Aurélien Lherbier', caseSensitive: true },
      {
        kind: 'present',
        text: 'Actually the original formulation of ELF given by Becke and Edgecombe was built on the electron pair density of electron of the same spin.',
      },
      {
        kind: 'order',
        before: 'are more correlated than a pair of electrons of different spin.',
        after: 'In that case we need the spin dependent densities defined as',
      },
      {
        kind: 'formula',
        latex: 'ELF(\\mathbf{r}) = \\frac{1}{1 + \\left( \\frac{D(\\mathbf{r})}{D^0(\\mathbf{r})} \\right)^2}',
      },
      {
        kind: 'formula',
        latex:
          'ELF_\\sigma(\\mathbf{r}) = \\frac{1}{1 + \\left( \\frac{D_\\sigma(\\mathbf{r})}{D_\\sigma^0(\\mathbf{r})} \\right)^2}',
      },
      {
        kind: 'formula',
        latex:
          'n_\\sigma(\\mathbf{r}) = \\sum_{\\mathbf{k}} \\sum_{n_\\sigma} f(E_{n_\\sigma \\mathbf{k}}) |\\psi_{n_\\sigma \\mathbf{k}}(\\mathbf{r})|^2',
      },
      {
        kind: 'formula',
        latex:
          '\\tau_\\sigma(\\mathbf{r}) = \\frac{1}{2} \\sum_{\\mathbf{k}} \\sum_{n_\\sigma} f(E_{n_\\sigma \\mathbf{k}}) |\\nabla \\psi_{n_\\sigma \\mathbf{k}}(\\mathbf{r})|^2',
      },
      {
        kind: 'formula',
        latex: 'n(\\mathbf{r}) = n_{\\sigma=\\uparrow}(\\mathbf{r}) + n_{\\sigma=\\downarrow}(\\mathbf{r})',
      },
      {
        kind: 'formula',
        latex: '\\tau(\\mathbf{r}) = \\tau_{\\sigma=\\uparrow}(\\mathbf{r}) + \\tau_{\\sigma=\\downarrow}(\\mathbf{r})',
      },
      {
        kind: 'formula',
        latex:
          'D_\\sigma^{\\mathrm{B-E}}(\\mathbf{r}) = 2\\tau_\\sigma(\\mathbf{r}) - \\frac{1}{4} \\frac{|\\nabla n_\\sigma(\\mathbf{r})|^2}{n_\\sigma(\\mathbf{r})}',
      },
      { kind: 'formula', latex: 'D_\\sigma^{0\\,\\mathrm{B-E}}(\\mathbf{r}) = C_F (2 n_\\sigma(\\mathbf{r}))^{5/3}' },
    ],
  },
  {
    file: 'sci-phys-asme-heat-transfer-p3.pdf',
    about:
      'ASME Journal of Heat Transfer template (newtx: TeX Gyre Termes and NewTX math), one page in two columns: a figure, the energy equation over two lines, vectors, a matrix with an underbrace, a bold equation',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'More on Math' },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'A figure with two subfigures' },
      {
        kind: 'present',
        text: 'In most cases, long equations can be kept below the column width by using one of the multiline equation environments',
      },
      {
        kind: 'order',
        before: 'An example using align appears in Appendix A.',
        after: 'An alternative solution may be to set large equations',
      },
      { kind: 'absent', text: 'PREPRINT FOR REVIEW' },
      {
        kind: 'formula',
        latex:
          '\\frac{\\partial}{\\partial t} \\left[ \\rho \\left( e + \\|\\mathbf{u}\\|^2/2 \\right) \\right] + \\nabla \\cdot \\left[ \\rho \\left( h + \\|\\mathbf{u}\\|^2/2 \\right) \\mathbf{u} \\right] \\\\ = -\\nabla \\cdot \\mathbf{q} + \\rho \\mathbf{u} \\cdot \\mathbf{g} + \\frac{\\partial}{\\partial x_j} \\left( d_{ji} u_i \\right) + \\dot{Q}_v',
      },
      {
        kind: 'formula',
        latex:
          '\\vec{F} = m\\vec{a} \\quad \\text{or} \\quad \\vec{\\mathrm{F}} = m\\vec{\\mathrm{a}} \\quad \\text{or} \\quad \\mathbf{F} = m\\mathbf{a} \\quad \\text{or} \\quad \\vec{\\mathsf{F}} = m\\vec{\\mathsf{a}}',
      },
      {
        kind: 'formula',
        latex:
          'd\\mathbf{w} = \\begin{pmatrix} du \\\\ dv \\end{pmatrix} = \\underbrace{\\begin{pmatrix} \\partial u/\\partial x & \\partial u/\\partial y \\\\ \\partial v/\\partial x & \\partial v/\\partial y \\end{pmatrix}}_{= \\boldsymbol{J}_1} \\begin{pmatrix} dx \\\\ dy \\end{pmatrix}',
      },
      {
        kind: 'formula',
        latex: '\\mathbf{u}_r = u_r \\hat{\\mathbf{i}} + v_r \\hat{\\mathbf{j}} + w_r \\hat{\\mathbf{k}}',
      },
      { kind: 'formula', latex: 'S = k \\ln w = k \\ln \\left( \\frac{N!}{\\prod_i N_i!} \\right)' },
    ],
  },
  {
    file: 'sci-cs-acm-sigconf-p3.pdf',
    about:
      'ACM conference paper sample (acmart: Linux Libertine and Libertine/newtx math), one page in two columns: upper-case numbered sections, a table, three display equations',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'CCS CONCEPTS AND USER-DEFINED KEYWORDS' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'MATH EQUATIONS' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Display Equations' },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'Frequency of Special Characters' },
      { kind: 'table', cell: 'π', relation: 'left-of', other: 'Common in math' },
      { kind: 'table', cell: 'Frequency', relation: 'above', other: '1 in 40,000' },
      {
        kind: 'present',
        text: 'You may want to display math equations in three distinct styles: inline, numbered or non-numbered display.',
      },
      { kind: 'order', before: 'Two elements of the "acmart" document class', after: 'Your work should use standard' },
      { kind: 'absent', text: 'Conference acronym' },
      { kind: 'formula', latex: '\\lim_{n \\to \\infty} x = 0' },
      { kind: 'formula', latex: '\\sum_{i=0}^{\\infty} x + 1' },
      { kind: 'formula', latex: '\\sum_{i=0}^{\\infty} x_i = \\int_0^{\\pi+2} f' },
    ],
  },
  {
    file: 'sci-phys-polariton-elsarticle-p3.pdf',
    about:
      'physics paper on quadrupole polaritons (elsarticle sample, Times with txfonts math), one page: five display equations with bold vectors, sums and scripts',
    checks: [
      {
        kind: 'present',
        text: 'This evanescent field essentially has a quantum origin and is due to tunneling through the potential caused by dielectric mismatch on the PMS surface.',
      },
      {
        kind: 'order',
        before: 'Hence, the light-matter interaction can be considered semi-classically.',
        after: 'For resonance coupling with a WGM its size parameter',
      },
      { kind: 'present', text: 'are scattering Mie coefficients (See the Appendix).' },
      {
        kind: 'formula',
        latex: '\\lambda_{1S} / 2\\pi (\\epsilon_{Cu2O} - 1)^{1/2} = 414 \\text{\\AA} \\gg a_B = 4.6 \\text{\\AA}',
      },
      {
        kind: 'formula',
        latex: '\\mathbf{E}_i = \\sum_l E_0 i^l \\frac{2l+1}{l(l+1)} (\\mathbf{M}_{1l} - i\\mathbf{N}_{1l}),',
      },
      {
        kind: 'formula',
        latex:
          '\\mathbf{E}_s = \\sum_l E_0 i^l \\frac{2l+1}{l(l+1)} (i a_{1l} \\mathbf{N}_{1l} - b_{1l} \\mathbf{M}_{1l}),',
      },
      { kind: 'formula', latex: '\\mathbf{E}_s = -E_0 i^l 0.05 b_{1,39} \\mathbf{M}_{1,39},' },
      {
        kind: 'formula',
        latex:
          '\\mathbf{M}_{1,39} = A_{1,39}^{ml} (r_0 + \\delta r) \\mathbf{M}_{ml} + B_{1,39}^{ml} (r_0 + \\delta r) \\mathbf{N}_{ml}',
      },
    ],
  },
  {
    file: 'sci-bio-vegan-diversity-p1-2.pdf',
    about:
      'ecology paper on diversity indices (R vignette, cm-super T1 text with Computer Modern math), two pages in two columns: title, table of contents, accented names, seven display equations, a figure',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Vegan: ecological diversity' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Diversity indices' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Rarefaction' },
      { kind: 'present', text: 'Bob O’Hara and Péter Sólymos', caseSensitive: true },
      { kind: 'present', text: 'Tóthmérész, 1995', caseSensitive: true },
      { kind: 'present', text: 'Rényi diversity of order', caseSensitive: true },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'diversities in six randomly selected plots' },
      {
        kind: 'present',
        text: 'Species richness increases with sample size, and differences in richness actually may be caused by differences in sample size.',
      },
      {
        kind: 'order',
        before: 'Function diversity finds the most commonly used diversity indices',
        after: 'which finds diversity indices for all sites.',
      },
      {
        kind: 'formula',
        latex: 'H = -\\sum_{i=1}^{S} p_i \\log_b p_i \\qquad \\text{Shannon--Weaver}',
      },
      { kind: 'formula', latex: 'D_1 = 1 - \\sum_{i=1}^{S} p_i^2 \\qquad \\text{Simpson}' },
      { kind: 'formula', latex: 'D_2 = \\frac{1}{\\sum_{i=1}^{S} p_i^2} \\qquad \\text{inverse Simpson},' },
      { kind: 'formula', latex: 'H_a = \\frac{1}{1-a} \\log \\sum_{i=1}^{S} p_i^a,' },
      { kind: 'formula', latex: 'H_q = \\frac{1}{q-1} \\left( 1 - \\sum_{i=1}^{S} p^q \\right).' },
      { kind: 'formula', latex: 'N_q = (1 - (q-1) H_q)^{\\frac{1}{1-q}}.' },
      {
        kind: 'formula',
        latex:
          '\\hat{S}_n = \\sum_{i=1}^{S} (1 - q_i), \\quad \\text{where } q_i = \\frac{\\binom{N-x_i}{n}}{\\binom{N}{n}}.',
      },
    ],
  },
  {
    file: 'sci-bio-vegan-abundance-p5.pdf',
    about:
      'the same ecology paper, page 5: a histogram, R output, five display equations each with a model name and its number on the next line',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Ranked abundance distribution' },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'log-series fitted to one randomly selected site' },
      { kind: 'present', text: 'It seems that Preston split ties between adjacent octaves' },
      {
        kind: 'order',
        before: 'Ranked abundance distribution',
        after: 'An alternative approach to species abundance distribution is to plot logarithmic abundances',
      },
      { kind: 'formula', latex: '\\hat{a}_r = \\frac{N}{S} \\sum_{k=r}^{S} \\frac{1}{k} \\qquad \\text{brokenstick}' },
      { kind: 'formula', latex: '\\hat{a}_r = N\\alpha(1-\\alpha)^{r-1} \\qquad \\text{preemption}' },
      { kind: 'formula', latex: '\\hat{a}_r = \\exp[\\log(\\mu) + \\log(\\sigma)\\Phi] \\qquad \\text{log-normal}' },
      { kind: 'formula', latex: '\\hat{a}_r = N\\hat{p}_1 r^\\gamma \\qquad \\text{Zipf}' },
      { kind: 'formula', latex: '\\hat{a}_r = Nc(r+\\beta)^\\gamma \\qquad \\text{Zipf--Mandelbrot}' },
    ],
  },
  {
    file: 'sci-math-topology-homework-p1.pdf',
    about:
      'topology homework (rbt-mathnotes, STIX Two text and math), one page in two columns: numbered sections, boxed problem statements, four display formulas',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Homework 1' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Topological Spaces' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Open Sets and the Definition of a Topology' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Basis for a Topology' },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'Problem 1.7.' },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'Problem 1.12.' },
      {
        kind: 'present',
        text: 'Thankfully, the intersection is itself always a basis element, so we can use the same process to show that finite intersections are in',
      },
      {
        kind: 'order',
        before: 'Basis for a Topology',
        after: 'Thankfully, the intersection is itself always a basis element',
      },
      { kind: 'formula', latex: '\\bigcup_{n=1}^{\\infty} ([n-1, n) \\cup [-n+1, -n]) = \\mathbb{R},' },
      { kind: 'formula', latex: "\\begin{aligned} a' &= \\max(a, c) \\\\ b' &= \\min(b, d). \\end{aligned}" },
      { kind: 'formula', latex: 'A = [4, 5) \\quad B = \\{3\\} \\quad C = [1, 2] \\quad D = (7, 8)' },
      { kind: 'formula', latex: 'D = \\lim_{n \\to \\infty} \\left[ 7 + \\frac{1}{n}, 8 \\right),' },
    ],
  },
  {
    file: 'sci-math-aom-hamiltonian-p19.pdf',
    about:
      'Annals of Mathematics class sample (AMS testmath text on Hamiltonian paths, Computer Modern), one page with line numbers in the margin: a numbered section, a lemma in small capitals, three numbered display formulas with the number on the left',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Main theorem' },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'Lemma 3.1.' },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'Notation. For' },
      {
        kind: 'present',
        text: 'It is well known that the enumeration of Hamiltonian cycles and paths in a complete graph',
      },
      {
        kind: 'order',
        before: 'The task here is to express',
        after: 'It is well known that the enumeration of Hamiltonian cycles',
      },
      { kind: 'absent', text: 'Proof: page numbers may be temporary' },
      { kind: 'absent', text: 'SAMPLE PAPER' },
      {
        kind: 'formula',
        latex: '\\hat{x}_i \\hat{x}_j = \\hat{x}_j \\hat{x}_i, \\quad \\hat{x}_i^2 = 0, \\quad i, j = 1, \\ldots, n.',
      },
      {
        kind: 'formula',
        latex:
          '\\left( \\prod_{j=1}^{n} \\hat{x}_j \\right) H_c = \\frac{1}{2} \\hat{k}_{ij} \\det \\widehat{\\mathbf{K}}(i|i), \\qquad i = 1, \\ldots, n.',
      },
      {
        kind: 'formula',
        latex:
          '\\prod_{i \\in \\mathbf{n}} \\left( \\sum_{j \\in \\mathbf{n}} b_{ij} \\hat{x}_i \\right) = \\left( \\prod_{i \\in \\mathbf{n}} \\hat{x}_i \\right) \\operatorname{per} \\mathbf{B}',
      },
    ],
  },
  {
    file: 'sci-econ-sandwich-cl-p4-5.pdf',
    about:
      'econometrics paper on clustered covariances (JSS style, Latin Modern), two pages: numbered sections and subsections, accented author names in citations, an aligned block of three equations',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'packages for clustered covariances' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Methods' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Sandwich covariances' },
      { kind: 'present', text: 'Graham, Arai, and Hagströmer 2016', caseSensitive: true },
      { kind: 'present', text: 'à la Kiefer 1980', caseSensitive: true },
      {
        kind: 'present',
        text: 'To establish the theoretical background of sandwich covariances for clustered as well as panel data the notation of Zeileis (2006b) is adopted.',
      },
      { kind: 'order', before: 'limited responses.', after: 'software for clustered covariances' },
      { kind: 'absent', text: 'Various Versatile Variances' },
      { kind: 'formula', latex: 'S(\\theta) = B(\\theta) \\cdot M(\\theta) \\cdot B(\\theta)' },
      {
        kind: 'formula',
        latex:
          'B(\\theta) = \\left( \\mathsf{E} \\left[ -\\frac{\\partial \\psi(y, x, \\theta)}{\\partial \\theta} \\right] \\right)^{-1}',
      },
      { kind: 'formula', latex: 'M(\\theta) = \\mathsf{VAR}[\\psi(y, x, \\theta)].' },
    ],
  },
  {
    file: 'sci-math-desolve-lorenz-p2.pdf',
    about:
      'paper on solving differential equations in R (JSS style, Latin Modern), one page: the Lorenz equations as three stacked fractions, an initial condition, a numbered subsection, R code',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Model specification' },
      {
        kind: 'present',
        text: 'Implementation of an IVP ODE in R can be separated in two parts: the model specification and the model application.',
      },
      { kind: 'order', before: 'with the initial conditions:', after: 'Implementation of an IVP ODE in R' },
      { kind: 'present', text: 'Below, we discuss the R-code for the Lorenz model.' },
      { kind: 'absent', text: 'Solving Initial Value Differential Equations in R' },
      {
        kind: 'formula',
        latex:
          '\\begin{aligned} \\frac{dX}{dt} &= a \\cdot X + Y \\cdot Z \\\\ \\frac{dY}{dt} &= b \\cdot (Y - Z) \\\\ \\frac{dZ}{dt} &= -X \\cdot Y + c \\cdot Y - Z \\end{aligned}',
      },
      { kind: 'formula', latex: 'X(0) = Y(0) = Z(0) = 1' },
    ],
  },
  {
    file: 'sci-chem-pls-chemometrics-p2.pdf',
    about:
      'chemometrics paper on partial least squares regression (R vignette, cm-super text with bold-italic matrix symbols), one page: numbered sections, four display equations',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Theory' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Algorithms' },
      {
        kind: 'present',
        text: 'especially in chemistry where developments in spectroscopy since the seventies have revolutionised chemical analysis.',
      },
      {
        kind: 'order',
        before: 'would not have existed but for a method to obtain quantitative information from the spectra.',
        after: 'Also other fields have benefited greatly from multivariate regression methods',
      },
      { kind: 'formula', latex: '\\boldsymbol{Y} = \\boldsymbol{X}\\boldsymbol{B} + \\mathcal{E}' },
      {
        kind: 'formula',
        latex: '\\boldsymbol{B} = (\\boldsymbol{X}^T \\boldsymbol{X})^{-1} \\boldsymbol{X}^T \\boldsymbol{Y}',
      },
      { kind: 'formula', latex: '\\boldsymbol{X} = \\boldsymbol{T}\\boldsymbol{P}' },
      {
        kind: 'formula',
        latex:
          '\\boldsymbol{X} = \\tilde{\\boldsymbol{X}}_{(a)} + \\mathcal{E}_X = (\\boldsymbol{U}_{(a)} \\boldsymbol{D}_{(a)}) \\boldsymbol{V}_{(a)}^T + \\mathcal{E}_X = \\boldsymbol{T}_{(a)} \\boldsymbol{P}_{(a)}^T + \\mathcal{E}_X',
      },
    ],
  },
  {
    file: 'sci-phys-quantum-template-p2.pdf',
    about:
      'Quantum journal article template (Latin Modern), one page in two columns: a plot with caption, four famous equations in one align block, bold theorem-like statements, a run-in paragraph heading',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'References and footnotes' },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'Theorem 1 (DOI links are required)' },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'Theorem 2 (One citation per bibitem)' },
      {
        kind: 'segment-type',
        segmentType: 'Caption',
        contains: 'Every figure must have an informative caption and a number.',
      },
      { kind: 'present', text: 'Please refrain from using the latter.' },
      {
        kind: 'order',
        before: 'Please refrain from using the latter.',
        after: 'The paragraph is the smallest unit of sectioning.',
      },
      { kind: 'absent', text: 'click title to verify' },
      { kind: 'formula', latex: 'E = m c^2' },
      { kind: 'formula', latex: 'a^2 + b^2 = c^2' },
      { kind: 'formula', latex: 'H |\\psi\\rangle = E |\\psi\\rangle' },
      { kind: 'formula', latex: '(\\mathbb{1} \\otimes A)(B \\otimes \\mathbb{1}) = B \\otimes A' },
    ],
  },
  {
    file: 'sci-phys-abinit-mgga-p6.pdf',
    about:
      'density-functional-theory report (LaTeX report class, Computer Modern), one page: a chapter heading, three display equations with functional derivatives, big sums and nested delimiters',
    checks: [
      {
        kind: 'segment-type',
        segmentType: 'SectionHeader',
        contains: 'Brief remind of exchange correlation equations',
      },
      {
        kind: 'present',
        text: 'Let first recall the general form of the exchange-correlation energy in the case of meta-GGA.',
      },
      { kind: 'order', before: 'Let first recall the general form', after: 'The total exchange-correlation energy' },
      {
        kind: 'present',
        text: 'Note that in the code, the second term is not directly expressed in this way but with another form which is',
      },
      {
        kind: 'formula',
        latex:
          'E_{xc}^{MGGA} = \\int \\epsilon_{xc} \\left[ \\rho_\\sigma(\\mathbf{r}), \\nabla \\rho_\\sigma(\\mathbf{r}), \\Delta \\rho_\\sigma(\\mathbf{r}) \\right] d\\mathbf{r}',
      },
      {
        kind: 'formula',
        latex:
          'v_{xc}^\\sigma = \\frac{\\delta E_{xc}^{MGGA}}{\\delta \\rho_\\sigma} = \\frac{\\partial \\epsilon_{xc}}{\\partial \\rho_\\sigma} - \\left( \\sum_{\\alpha=x,y,z} \\nabla_\\alpha \\left( \\frac{\\partial \\epsilon_{xc}}{\\partial \\nabla_\\alpha \\rho_\\sigma} \\right) \\right) + \\Delta \\left( \\frac{\\partial \\epsilon_{xc}}{\\partial \\Delta \\rho_\\sigma} \\right)',
      },
      {
        kind: 'formula',
        latex:
          '\\sum_{\\alpha=x,y,z} \\nabla_\\alpha \\left( \\frac{\\partial \\epsilon_{xc}}{\\partial \\nabla_\\alpha \\rho_\\sigma} \\right) = \\sum_{\\alpha=x,y,z} \\nabla_\\alpha \\left[ \\nabla_\\alpha \\rho_\\sigma \\times \\left( \\frac{1}{|\\nabla \\rho_\\sigma|} \\cdot \\frac{\\partial \\epsilon_{xc}}{\\partial |\\nabla \\rho_\\sigma|} \\right) \\right]',
      },
    ],
  },
  {
    file: 'sci-math-octave-special-functions-p588.pdf',
    about:
      'GNU Octave manual (Texinfo, Computer Modern), one reference page on special functions: four display formulas (elliptic integrals, error functions) between function entries',
    checks: [
      { kind: 'present', text: 'When called with one output only elliptic integrals of the first kind are returned.' },
      { kind: 'order', before: 'Compute the error function.', after: 'Compute the complementary error function.' },
      { kind: 'present', text: 'Compute the scaled complementary error function.' },
      { kind: 'absent', text: 'GNU Octave (version 7.3.0)' },
      { kind: 'formula', latex: '\\mathrm{K}(m) = \\int_0^1 \\frac{dt}{\\sqrt{(1-t^2)(1-mt^2)}}' },
      { kind: 'formula', latex: '\\mathrm{E}(m) = \\int_0^1 \\frac{\\sqrt{1-mt^2}}{\\sqrt{1-t^2}} dt' },
      { kind: 'formula', latex: '\\mathrm{erf}(z) = \\frac{2}{\\sqrt{\\pi}} \\int_0^z e^{-t^2} dt' },
      { kind: 'formula', latex: 'e^{z^2} \\mathrm{erfc}(z) \\equiv e^{z^2} (1 - \\mathrm{erf}(z))' },
    ],
  },
  {
    file: 'sci-cs-acm-small-p1.pdf',
    about:
      'ACM journal article sample (acmart acmsmall, Linux Libertine), first page: title, authors in small capitals with accented names, CCS concepts, reference format, introduction, footnotes and a permission block',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'The Name of the Title Is Hope' },
      { kind: 'present', text: 'Lars Thørväld, Valerie Béranger, Aparna Patel', caseSensitive: true },
      { kind: 'present', text: 'The Thørväld Group, Iceland', caseSensitive: true },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'INTRODUCTION' },
      {
        kind: 'present',
        text: 'If you are new to publishing with ACM, this document is a valuable guide to the process of preparing your work for publication.',
      },
      {
        kind: 'order',
        before: 'in the preparation of the documentation of their work.',
        after: 'consolidated article template, introduced in 2017',
      },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'Additional Key Words and Phrases' },
    ],
  },
  {
    file: 'sci-bio-vegan-nestedness-p4.pdf',
    about:
      'ecology paper on design decisions in vegan (R vignette, cm-super text), one page in two columns: bulleted paragraphs citing accented names, an aligned pair of sums under one number, a second equation, a footnote, a numbered section',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Scaling in redundancy analysis' },
      { kind: 'present', text: 'Rodríguez-Gironés and Santamaria, 2006', caseSensitive: true },
      {
        kind: 'present',
        text: 'This chapter discusses the scaling of scores (results) in redundancy analysis and principal component analysis performed by function rda in the vegan library.',
      },
      {
        kind: 'order',
        before: 'The following function is used to define the fill line:',
        after: 'This is similar to the equation suggested by',
      },
      {
        kind: 'formula',
        latex:
          '\\begin{aligned} s_j &= \\sum_{i|x_{ij}=1} i^2 \\\\ t_j &= \\sum_{i|x_{ij}=0} (n - i + 1)^2 \\end{aligned}',
      },
      { kind: 'formula', latex: 'y = (1 - (1-x)^p)^{1/p}' },
    ],
  },
  {
    file: 'sci-chem-abinit-hydrogen-p1-2.pdf',
    about:
      'quantum-chemistry test report (LaTeX report class, Computer Modern): title page with an accented author name, and a chapter on the hydrogen atom whose title ends with a full stop, four display equations with nested exponents',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Test Report on Electron Localization Function (ELF)' },
      { kind: 'present', text: 'Aurélien Lherbier', caseSensitive: true },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Test on an isolated H atom.' },
      { kind: 'present', text: 'We use the Fermi-Amaldi exchange-correlation functional' },
      { kind: 'order', before: 'the electronic density', after: 'the kinetic energy density' },
      { kind: 'present', text: 'the square norm of the gradient of the electronic density' },
      {
        kind: 'formula',
        latex:
          '\\psi = \\varphi_{1s}(r, \\theta, \\phi) = \\sqrt{\\frac{Z^3}{\\pi a_0^3}} e^{-Z \\frac{|\\mathbf{r}|}{a_0}}',
      },
      {
        kind: 'formula',
        latex:
          'n(\\mathbf{r}) = |\\psi|^2 = |\\varphi_{1s}(r, \\theta, \\phi)|^2 = \\frac{1}{\\pi a_0^3} e^{-\\frac{2|\\mathbf{r}|}{a_0}}',
      },
      {
        kind: 'formula',
        latex:
          '\\tau(\\mathbf{r}) = \\frac{1}{2} |\\nabla \\psi|^2 = \\frac{1}{2} |\\nabla \\varphi_{1s}(r, \\theta, \\phi)|^2 = \\frac{1}{2\\pi a_0^5} e^{-\\frac{2|\\mathbf{r}|}{a_0}}',
      },
      {
        kind: 'formula',
        latex:
          '|\\nabla n(\\mathbf{r})|^2 = \\left| \\nabla |\\psi|^2 \\right|^2 = \\left| \\nabla |\\varphi_{1s}(r, \\theta, \\phi)|^2 \\right|^2 = \\left| \\frac{-2}{\\pi a_0^4} e^{-\\frac{2|\\mathbf{r}|}{a_0}} \\right|^2 = \\frac{4}{\\pi^2 a_0^8} e^{-\\frac{4|\\mathbf{r}|}{a_0}}',
      },
    ],
  },
  {
    file: 'sci-econ-strucchange-mosum-p5.pdf',
    about:
      'the strucchange paper (Type 3 bitmap fonts), page 5: accented names in citations, run-in bold paragraph leads, six numbered equations in four displays with floor brackets and sums with long limits',
    checks: [
      { kind: 'present', text: 'Ploberger and Krämer (1992)', caseSensitive: true },
      { kind: 'present', text: 'Ploberger, Krämer, and Kontrus (1989)', caseSensitive: true },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'MOSUM processes:' },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'Estimates-based processes:' },
      { kind: 'present', text: 'The MOSUM processes will be computed if type is set to' },
      {
        kind: 'order',
        before: 'should have a peak around',
        after: 'These processes are available in the function efp',
      },
      {
        kind: 'formula',
        latex:
          'W_n^0(t) = \\frac{1}{\\hat{\\sigma}\\sqrt{n}} \\sum_{i=1}^{\\lfloor nt \\rfloor} \\hat{u}_i \\qquad (0 \\le t \\le 1).',
      },
      {
        kind: 'formula',
        latex:
          '\\begin{aligned} M_n(t|h) &= \\frac{1}{\\tilde{\\sigma}\\sqrt{\\eta}} \\sum_{i=k+\\lfloor N_\\eta t \\rfloor + 1}^{k + \\lfloor N_\\eta t \\rfloor + \\lfloor \\eta h \\rfloor} \\tilde{u}_i \\qquad (0 \\le t \\le 1-h) \\\\ &= W_n \\left( \\frac{\\lfloor N_\\eta t \\rfloor + \\lfloor \\eta h \\rfloor}{\\eta} \\right) - W_n \\left( \\frac{\\lfloor N_\\eta t \\rfloor}{\\eta} \\right), \\end{aligned}',
      },
      {
        kind: 'formula',
        latex:
          '\\begin{aligned} M_n^0(t|h) &= \\frac{1}{\\hat{\\sigma}\\sqrt{n}} \\left( \\sum_{i=\\lfloor N_n t \\rfloor + 1}^{\\lfloor N_n t \\rfloor + \\lfloor nh \\rfloor} \\hat{u}_i \\right) \\qquad (0 \\le t \\le 1-h) \\\\ &= W_n^0 \\left( \\frac{\\lfloor N_n t \\rfloor + \\lfloor nh \\rfloor}{n} \\right) - W_n^0 \\left( \\frac{\\lfloor N_n t \\rfloor}{n} \\right), \\end{aligned}',
      },
      {
        kind: 'formula',
        latex:
          'Y_n(t) = \\frac{\\sqrt{i}}{\\hat{\\sigma}\\sqrt{n}} \\left( X^{(i)\\top} X^{(i)} \\right)^{\\frac{1}{2}} \\left( \\hat{\\beta}^{(i)} - \\hat{\\beta}^{(n)} \\right),',
      },
    ],
  },
  {
    file: 'sci-chem-thermodynamics-palatino-p1.pdf',
    about:
      'chemical-engineering thermodynamics notation (package manual, Palatino with pxfonts math), first page: title, abstract, a numbered section, the fundamental relation with underlined molar quantities as a display formula, set twice, with LaTeX code between',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'package' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Introduction' },
      { kind: 'present', text: 'specifically chemical engineering thermodynamics' },
      {
        kind: 'order',
        before: 'This equation is pretty basic',
        after: 'This is a lot of code, and even then the output is slightly clunky:',
      },
      {
        kind: 'present',
        text: 'A package, thermodynamics, is defined that makes typesetting quantities found in thermodynamics texts relatively simple.',
      },
      {
        kind: 'formula',
        latex:
          'd\\underline{U} = \\left( \\frac{\\partial \\underline{U}}{\\partial \\underline{S}} \\right)_{\\underline{V}, \\vec{n}} d\\underline{S} + \\left( \\frac{\\partial \\underline{U}}{\\partial \\underline{V}} \\right)_{\\underline{S}, \\vec{n}} d\\underline{V} + \\sum_{i=1}^{C} \\left( \\frac{\\partial \\underline{U}}{\\partial n_i} \\right)_{\\underline{S}, \\underline{V}, n_{j \\neq i}} dn_i.',
      },
    ],
  },
  {
    file: 'sci-math-turnstile-palatino-p1-2.pdf',
    about:
      'The PracTeX Journal article on typesetting the logical turnstile (Palatino with PazoMath), pages 1-2: title, authors, abstract, numbered sections, LaTeX code lines alternating with inline formulas',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'A Tool for Logicians' },
      { kind: 'present', text: 'Arthur Buchsbaum and Francisco Reinaldo' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Introduction' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'The turnstile Project' },
      { kind: 'present', text: 'Logic is a science whose initial motivation was the analysis of correct reasoning.' },
      {
        kind: 'present',
        text: 'Note that "L" was not placed correctly with respect to the turnstile sign; it should be placed and centred exactly below the sign.',
      },
      {
        kind: 'order',
        before: 'sometimes it is necessary to put additional information above it.',
        after: 'If we want to say that a formula',
      },
    ],
  },
  {
    file: 'sci-econ-sandwich-hac-p5.pdf',
    about: 'the HC/HAC econometrics paper, page 5: R code, a numbered subsection, one display equation, a footnote',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Dealing with autocorrelation' },
      {
        kind: 'present',
        text: 'An additional finite sample adjustment can be applied by multiplication with',
      },
      {
        kind: 'order',
        before: 'it will be illustrated how this function can be used as a building block',
        after: 'Dealing with autocorrelation',
      },
      { kind: 'segment-type', segmentType: 'Footnote', contains: 'Due to the use of estimating functions' },
      { kind: 'formula', latex: '\\hat{\\Phi} = \\frac{1}{n} \\sum_{i,j=1}^{n} w_{|i-j|} \\hat{V}_i \\hat{V}_j^\\top' },
    ],
  },
  {
    file: 'sci-cs-r-manual-binomial-p1461.pdf',
    about:
      'R reference manual (Rd via LaTeX: Nimbus Roman text, Computer Modern math), the Binomial help page, page 2 of 2: unnumbered headings, one display formula, references with an en dash in a name',
    checks: [
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Details' },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Source' },
      { kind: 'order', before: 'Details', after: 'gives the density, pbinom gives the distribution function' },
      { kind: 'present', text: 'If an element of x is not integer, the result of dbinom is zero, with a warning.' },
      { kind: 'present', text: 'qbinom uses the Cornish–Fisher Expansion to include a skewness correction' },
      { kind: 'present', text: 'Fast and Accurate Computation of Binomial Probabilities' },
      { kind: 'formula', latex: 'p(x) = \\binom{n}{x} p^x (1-p)^{n-x}' },
    ],
  },
  {
    file: 'sci-phys-polariton-elsarticle-p1.pdf',
    about:
      'the polariton physics text of the elsarticle sample (Times with txfonts), first page: title with inline math and star footnote marks, three authors with affiliations, abstract, keywords, a numbered section, a block of footnotes',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'This is a specimen' },
      { kind: 'present', text: 'Jos Migchielsen' },
      {
        kind: 'present',
        text: 'field of the resonant whispering gallery mode (WGM) of the micro sphere has a substantial gradient',
      },
      { kind: 'segment-type', segmentType: 'SectionHeader', contains: 'Introduction' },
      {
        kind: 'present',
        text: 'Although quadrupole excitons (QE) in cuprous oxide crystals are good candidates for BEC due to their narrow line-width and long life-time',
      },
      { kind: 'order', before: 'into a linear chain.', after: 'Although quadrupole excitons (QE)' },
      { kind: 'not-segment-type', segmentType: 'SectionHeader', contains: 'quadrupole exciton, polariton, WGM, BEC' },
      { kind: 'absent', text: 'Preprint submitted to Elsevier' },
    ],
  },
  {
    file: 'sci-bio-vegan-partitioning-p1.pdf',
    about:
      'Pierre Legendre, diagrams for variation partitioning in ecology (R vignette, cm-super), first page: title, author, a Venn diagram with a narrow justified caption beside it',
    checks: [
      { kind: 'segment-type', segmentType: 'Title', contains: 'Diagrams and Procedures for Partition of Variation' },
      { kind: 'present', text: 'Pierre Legendre' },
      {
        kind: 'present',
        text: 'Diagrams describing the partitions of variation of a response data table by two (Fig. 1), three (Fig. 2) and four tables (Fig. 3) of explanatory variables.',
      },
      { kind: 'segment-type', segmentType: 'Picture' },
      { kind: 'segment-type', segmentType: 'Caption', contains: 'Fraction [b] cannot be tested singly.' },
    ],
  },
];
